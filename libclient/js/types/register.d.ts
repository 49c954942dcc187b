// Side effect only: installs the loader hook that serves `cloudflare:workers`.
export {}
