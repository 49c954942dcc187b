// @node @modern
const nums = [0, -0, 1, 12, 123, 1234, 12345.678, 1234567.891, -9876543.21, 0.0004, 1.0005, 2.5, 1e21, NaN, Infinity, -Infinity, 999.9999];
print(nums.map(n => n.toLocaleString()).join(' | '));
print(nums.map(n => n.toLocaleString('en-US', { maximumFractionDigits: 1 })).join(' | '));
print((1234.5).toLocaleString(undefined, { minimumFractionDigits: 2 }), (1234.5).toLocaleString('en-US', { useGrouping: false }));
print((0.256).toLocaleString('en-US', { style: 'percent' }), (1234.5).toLocaleString('en-US', { style: 'currency', currency: 'USD' }), (-5).toLocaleString('en-US', { style: 'currency', currency: 'USD' }));
print((42).toLocaleString('de-DE') === '42', [1234, 5678].toLocaleString(), new Number(1000).toLocaleString());
