const x: number = 1;
  const enum E { A = 1 }
