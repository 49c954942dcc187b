try { const { a } = null; } catch (e) { console.log(e.name); }
try { const [b] = undefined; } catch (e) { console.log(e.name); }
try { const {} = null; } catch (e) { console.log(e.name); }
