class A { static base = 10; static derived = this.base * 2; static { this.fromBlock = this.derived + 1; } }
console.log(A.base, A.derived, A.fromBlock);
class B extends A { static own = super.base + 1; }
console.log(B.own);
