import type { AppErrorShape } from '../../../shared/app-error'
import { parseIdList, type ParsedIdList } from '../../../shared/batch/parse-ids'
import { call } from '../api/client'
import { useBatchRun } from './batch-run-store'
import { createStore } from './create-store'

// Parsing 50,000 pasted IDs takes ~80 ms: instant for a short paste, debounced for a long one.
const instantParseChars = 20_000
const parseDelayMs = 200

interface BatchInputState {
  input: string
  /** The pasted text read as IDs; null when the field is empty. */
  parsed: ParsedIdList | null
  parsing: boolean
  file: { fileName: string; parsed: ParsedIdList } | null
  opening: boolean
  label: string
  starting: boolean
  /** Why opening a file or starting a run failed. */
  inputError: AppErrorShape | null
  setInput: (text: string) => void
  setLabel: (label: string) => void
  openFile: () => Promise<void>
  clearFile: () => void
  /** Sends the file's IDs, or else the pasted ones, as a new run. */
  start: () => Promise<void>
}

export const useBatchInput = createStore<BatchInputState>((set, get, scope) => {
  // The wait before reading a long paste belongs to this store: a reset or a started run ends it.
  let cancelParse = (): void => undefined

  function parseNow(): void {
    cancelParse()
    const input = get().input
    set({ parsed: input.trim() === '' ? null : parseIdList(input), parsing: false })
  }

  function parseLater(): void {
    cancelParse()
    const timer = setTimeout(parseNow, parseDelayMs)
    cancelParse = scope.own(() => {
      clearTimeout(timer)
    })
  }

  return {
    input: '',
    parsed: null,
    parsing: false,
    file: null,
    opening: false,
    label: '',
    starting: false,
    inputError: null,
    setInput(text) {
      set({ input: text, inputError: null })
      if (text.length <= instantParseChars) {
        parseNow()
        return
      }
      set({ parsing: true })
      parseLater()
    },
    setLabel(label) {
      set({ label })
    },
    async openFile() {
      set({ opening: true, inputError: null })
      const answer = await call('batchOpenFile', {})
      if (!answer.ok) set({ opening: false, inputError: answer.error })
      else if (answer.value === null) set({ opening: false })
      else {
        const opened = answer.value
        set((state) => ({ opening: false, file: opened, label: state.label === '' ? opened.fileName : state.label }))
      }
    },
    clearFile() {
      set((state) => ({ file: null, inputError: null, label: state.label === state.file?.fileName ? '' : state.label }))
    },
    async start() {
      if (get().parsing) parseNow()
      const { file, parsed, label } = get()
      const ids = (file?.parsed ?? parsed)?.ids ?? []
      if (ids.length === 0) {
        set({ inputError: { code: 'no-ids', message: 'There are no valid IDs to look up: paste some, or open a CSV or TXT file.' } })
        return
      }
      set({ starting: true, inputError: null })
      const answer = await call('batchStart', { ids, label: label.trim() })
      if (!answer.ok) {
        set({ starting: false, inputError: answer.error })
        return
      }
      // The list now lives in the run: "New batch" starts from an empty field.
      cancelParse()
      set({ input: '', parsed: null, parsing: false, file: null, label: '', starting: false })
      useBatchRun.getState().began(answer.value)
    },
  }
})
