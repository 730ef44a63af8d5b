import type { Page } from 'playwright-core'
import type { Haystack } from '../helpers/secret-scan'

// What a page keeps and shows, as text to search for secrets.

/** The rendered page as HTML, plus what the HTML does not carry: the values of fields and the visible text. */
export async function domSnapshot(page: Page, label: string): Promise<Haystack[]> {
  const values = await page.evaluate(() => {
    const doc = (
      globalThis as unknown as { document: { querySelectorAll: (s: string) => ArrayLike<{ value: string }>; body: { innerText: string } } }
    ).document
    return { fields: Array.from(doc.querySelectorAll('input, textarea, select'), (el) => el.value), text: doc.body.innerText }
  })
  return [
    { where: `DOM (${label})`, text: await page.content() },
    { where: `field values (${label})`, text: JSON.stringify(values.fields) },
    { where: `visible text (${label})`, text: values.text },
  ]
}

/** localStorage, sessionStorage, every IndexedDB database with all its records, and Cache Storage names. */
export async function browserStorage(page: Page): Promise<Haystack[]> {
  const dump = await page.evaluate(async () => {
    const host = globalThis as unknown as {
      localStorage: { length: number; key: (i: number) => string | null; getItem: (k: string) => string | null }
      sessionStorage: { length: number; key: (i: number) => string | null; getItem: (k: string) => string | null }
      indexedDB: {
        databases: () => Promise<{ name?: string }[]>
        open: (name: string) => { result: unknown; onsuccess: (() => void) | null; onerror: (() => void) | null }
      }
      caches?: { keys: () => Promise<string[]> }
    }
    const storage = (s: typeof host.localStorage) => Array.from({ length: s.length }, (_, i) => [s.key(i), s.getItem(s.key(i) ?? '')])
    type Store = { getAll: () => { result: unknown; onsuccess: (() => void) | null } }
    type Db = {
      objectStoreNames: ArrayLike<string>
      transaction: (names: string[]) => { objectStore: (n: string) => Store }
      close: () => void
    }
    const databases: Record<string, unknown> = {}
    for (const { name } of await host.indexedDB.databases()) {
      if (!name) continue
      const db = await new Promise<Db>((resolve, reject) => {
        const request = host.indexedDB.open(name)
        request.onsuccess = () => {
          resolve(request.result as Db)
        }
        request.onerror = () => {
          reject(new Error(`cannot open ${name}`))
        }
      })
      const stores = Array.from(db.objectStoreNames)
      for (const store of stores) {
        databases[`${name}/${store}`] = await new Promise((resolve) => {
          const request = db.transaction([store]).objectStore(store).getAll()
          request.onsuccess = () => {
            resolve(request.result)
          }
        })
      }
      db.close()
    }
    return {
      local: storage(host.localStorage),
      session: storage(host.sessionStorage),
      indexedDb: databases,
      caches: host.caches ? await host.caches.keys() : [],
    }
  })
  const cookies = await page.context().cookies()
  return [
    { where: 'localStorage', text: JSON.stringify(dump.local) },
    { where: 'sessionStorage', text: JSON.stringify(dump.session) },
    { where: 'IndexedDB', text: JSON.stringify(dump.indexedDb) },
    { where: 'Cache Storage', text: JSON.stringify(dump.caches) },
    { where: 'cookies', text: JSON.stringify(cookies) },
  ]
}
