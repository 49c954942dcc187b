try { for (const x of {}) {} } catch (e) { console.log(e.name); }
try { for (const x of 5) {} } catch (e) { console.log(e.name); }
