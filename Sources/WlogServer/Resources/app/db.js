// IndexedDB, two stores: "queue" (writes waiting for the network, in the order made) and
// "cache" (the last answer of each read, the active workout, the local → server id map).
const NAME = "wlog", VERSION = 1;
let opened;

function open() {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(NAME, VERSION);
    request.onupgradeneeded = () => {
      request.result.createObjectStore("queue", { keyPath: "seq", autoIncrement: true });
      request.result.createObjectStore("cache");
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opened;
}

async function run(store, mode, action) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(store, mode);
    const request = action(transaction.objectStore(store));
    transaction.oncomplete = () => resolve(request?.result);
    transaction.onerror = () => reject(transaction.error);
  });
}

export const cacheGet = (key) => run("cache", "readonly", (s) => s.get(key));
export const cachePut = (key, value) => run("cache", "readwrite", (s) => s.put(value, key));
export const cacheDelete = (key) => run("cache", "readwrite", (s) => s.delete(key));
export const queueAdd = (entry) => run("queue", "readwrite", (s) => s.add(entry));
export const queueAll = () => run("queue", "readonly", (s) => s.getAll());
export const queueDelete = (seq) => run("queue", "readwrite", (s) => s.delete(seq));

/** Forgets everything (sign-out: the next lifter on this browser sees none of it). */
export async function clearAll() {
  await run("queue", "readwrite", (s) => s.clear());
  await run("cache", "readwrite", (s) => s.clear());
}
