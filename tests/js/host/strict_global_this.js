"use strict";
print(this === globalThis, typeof this);
