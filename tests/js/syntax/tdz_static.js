try { console.log(x); let x = 1; } catch (e) { console.log(e.name + ": " + e.message); }
try { const y = y + 1; } catch (e) { console.log(e.name + ": " + e.message); }
try { new K(); class K {} } catch (e) { console.log(e.name + ": " + e.message); }
