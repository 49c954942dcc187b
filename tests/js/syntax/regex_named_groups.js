const m = /(?<y>\d{4})-(?<m>\d{2})/.exec("on 2024-05");
console.log(m[1], m[2], m.groups ? m.groups.y + "/" + m.groups.m : "no groups");
