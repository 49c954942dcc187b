// \p{...} property escapes with u and v.
print(JSON.stringify('abc ÄÖÜ 123 ٣'.match(/\p{L}+/gu)));
print(JSON.stringify('abc ÄÖÜ 123 ٣'.match(/\p{Nd}/gu)));
print(JSON.stringify('Αθήνα and Rome'.match(/\p{Script=Greek}+/gu)));
print(JSON.stringify('hi 😀 there 👍🏽!'.match(/\p{Extended_Pictographic}/gu)));
print(/\p{Emoji_Presentation}/u.test('😀'), /\p{Emoji_Presentation}/u.test('a'));
print(/^\P{L}+$/u.test('123 !'), /\p{Lu}/u.test('a'), /\p{Lu}/u.test('A'));
print(/[\p{L}--[a-z]]/v.test('a'), /[\p{L}--[a-z]]/v.test('A'));
print(/^\p{RGI_Emoji}$/v.test('👍🏽'));
try { new RegExp('\\p{Nope}', 'u'); } catch (e) { print(e.name); }
print(/\p{L}/.test('p{L}'));
