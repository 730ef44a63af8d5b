import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'

/** A secret to look for, by a name that can go in a failure message without the secret itself. */
export interface Needle {
  name: string
  value: string
}

/** Somewhere a secret must not be: a label and the text found there. */
export interface Haystack {
  where: string
  text: string
}

export interface Leak {
  needle: string
  where: string
  form: string
}

// The tail after a known prefix is the secret part: found alone, it is still a leak.
const prefixes = [/^service_[a-z]+_/, /^whsec_/]

/** The forms a secret could take on its way into a log, a file or the DOM. */
function formsOf(value: string): { form: string; text: string }[] {
  const forms = [
    { form: 'as is', text: value },
    { form: 'URL-encoded', text: encodeURIComponent(value) },
    { form: 'base64', text: Buffer.from(value).toString('base64') },
  ]
  for (const prefix of prefixes) {
    const tail = value.replace(prefix, '')
    if (tail !== value) forms.push({ form: 'without its prefix', text: tail })
  }
  return forms
}

/** Every needle, in every form, found in every haystack: an empty list when nothing leaked. */
export function findLeaks(needles: Needle[], haystacks: Haystack[]): Leak[] {
  for (const needle of needles) {
    // A short needle would match by chance and prove nothing.
    if (needle.value.length < 16) throw new Error(`The needle ${needle.name} is too short to scan for`)
  }
  const leaks: Leak[] = []
  for (const needle of needles) {
    for (const { form, text } of formsOf(needle.value)) {
      for (const haystack of haystacks) {
        if (haystack.text.includes(text)) leaks.push({ needle: needle.name, where: haystack.where, form })
      }
    }
  }
  return leaks
}

/**
 * Every file under `dir`, recursively, as text, labelled by its path inside `dir`. The app may still
 * be writing (a job's last save after it ends): the scan waits, up to `settleMs`, until no atomic
 * write's temporary is left, so the files hold their last content, and skips a file renamed away
 * between the listing and the reading.
 */
export async function filesAsHaystacks(dir: string, settleMs = 5_000): Promise<Haystack[]> {
  const list = async () =>
    (await readdir(dir, { withFileTypes: true, recursive: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
  const until = Date.now() + settleMs
  let files = await list()
  while (files.some((file) => file.endsWith('.tmp')) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    files = await list()
  }
  const read = async (file: string): Promise<Haystack[]> => {
    try {
      return [{ where: `file ${relative(dir, file)}`, text: await readFile(file, 'utf8') }]
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
  }
  return (await Promise.all(files.map(read))).flat()
}
