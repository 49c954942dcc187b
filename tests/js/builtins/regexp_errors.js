// @modern RegExp errors surface as SyntaxError (expected written by hand; needs the C translator)

try { new RegExp('(?<n>a)(?<n>b)'); print('no error'); } catch (e) { print(e.name); }
try { new RegExp('a', 'xyz'); } catch (e) { print(e.name); }
try { new RegExp('(', 'u'); } catch (e) { print(e.name); }
try { new RegExp('[', ''); } catch (e) { print(e.name); }
try { new RegExp('a', 'uu'); } catch (e) { print(e.name); }
print(new RegExp('(?<ok>a)').exec('a').groups.ok);
