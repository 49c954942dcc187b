print(typeof caches, typeof CompressionStream, typeof DecompressionStream, typeof WebSocket);
print(typeof ArrayBuffer.prototype.resize, typeof SharedArrayBuffer, typeof SharedArrayBuffer.prototype.grow);
print(typeof CacheStorage, Object.keys(caches).join(','));
