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

/** Every file under `dir`, recursively, as text, labelled by its path inside `dir`. */
export async function filesAsHaystacks(dir: string): Promise<Haystack[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
  return Promise.all(files.map(async (file) => ({ where: `file ${relative(dir, file)}`, text: await readFile(file, 'utf8') })))
}
