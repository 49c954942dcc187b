// TimeClip makes -0 a +0 time value, whatever path sets it (checked against
// node 20).
print(Object.is(new Date(-0).getTime(), -0), Object.is(new Date(0).setTime(-0), -0));
print(Object.is(new Date(-0.5).getTime(), -0), Object.is(new Date(-0).valueOf(), 0));
print(new Date(-0).toISOString(), 1 / new Date(-0).getTime());
