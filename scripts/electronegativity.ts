// Electronegativity (Doyensec's static checker for Electron apps) over src/, with no
// network: fails on every finding above INFORMATIONAL that electronegativity.json
// does not justify, on every justification that no longer matches a finding, and on
// every file the scanner could not parse (a file it cannot parse is a file it did not check).
//
//   npm run security:static
//
// Writes artifacts/electronegativity.sarif (the scanner's own report) and
// artifacts/electronegativity.json (each finding with its verdict).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire, Module } from 'node:module'
import { join, relative } from 'node:path'
import { z } from 'zod'

const root = join(import.meta.dirname, '..')
const input = join(root, 'src')
const artifacts = join(root, 'artifacts')
const configFile = join(root, 'electronegativity.json')
const timeoutMs = 120_000

const configSchema = z
  .object({
    /** Checks not run at all, each with the reason. */
    excludedChecks: z.array(z.object({ check: z.string(), reason: z.string().min(20) }).strict()),
    /** Findings reviewed and accepted: the check, the file, the flagged source line, and why. */
    justified: z.array(z.object({ check: z.string(), file: z.string(), source: z.string(), reason: z.string().min(20) }).strict()),
  })
  .strict()

interface Level {
  value: number
  name: string
}

interface Issue {
  id: string
  file: string
  sample?: string
  location: { line: number; column: number }
  severity: Level
  confidence: Level
  manualReview: boolean
  description: string
}

interface RunResult {
  globalChecks: number
  atomicChecks: number
  errors: { file: string; message: string; tolerable: boolean }[]
  issues: Issue[]
}

type Run = (options: Record<string, unknown>, forCli: boolean) => Promise<RunResult>

const informational = 0

/**
 * The scanner fetches translations and Electron's release list with `got`. This build
 * and CI have no network, and a timed-out request crashes the scanner after it has
 * finished, so `got` is replaced before the scanner loads: every request is answered
 * 503 at once and nothing leaves the machine. Translations fall back to the bundled
 * English; the one check that needs the release list is excluded in electronegativity.json.
 */
function loadOfflineScanner(): Run {
  const runnerPath = createRequire(import.meta.url).resolve('@doyensec/electronegativity/dist/runner.js')
  const scannerRequire = createRequire(runnerPath)
  const gotPath = scannerRequire.resolve('got')
  const unavailable = () => Promise.resolve({ statusCode: 503, headers: {}, body: '' })
  const stub = new Module(gotPath)
  stub.filename = gotPath
  stub.exports = Object.assign(unavailable, { head: unavailable, default: unavailable })
  stub.loaded = true
  scannerRequire.cache[gotPath] = stub
  return scannerRequire(runnerPath) as Run
}

function installedElectronVersion(): string {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }
  return manifest.version
}

/** The files the scanner reads: its own filter, for the summary line. */
function scannedFileCount(): number {
  return readdirSync(input, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(jsx?|tsx?|html?)$/.test(file)).length
}

function repoPath(scannerPath: string): string {
  return scannerPath === 'N/A' ? scannerPath : relative(root, join(input, scannerPath))
}

async function main(): Promise<number> {
  const config = configSchema.parse(JSON.parse(readFileSync(configFile, 'utf8')))
  const electronVersion = installedElectronVersion()
  const run = loadOfflineScanner()
  mkdirSync(artifacts, { recursive: true })
  const started = performance.now()
  const result = await run(
    {
      input,
      output: join(artifacts, 'electronegativity.sarif'),
      isSarif: true,
      customScan: [],
      // The scanner names checks by class (ContextIsolationJSCheck), reports them by ID (CONTEXT_ISOLATION_JS_CHECK).
      excludeFromScan: config.excludedChecks.map((entry) => entry.check.replaceAll('_', '').toLowerCase()),
      isRelative: true,
      electronVersionOverride: electronVersion,
      parserPlugins: [],
    },
    false,
  )
  const seconds = ((performance.now() - started) / 1000).toFixed(1)

  const unused = new Set(config.justified)
  const verdicts = result.issues.map((issue) => {
    const file = repoPath(issue.file)
    const sample = issue.sample?.trim() ?? ''
    const justification = config.justified.find((entry) => entry.check === issue.id && entry.file === file && entry.source === sample)
    if (justification) unused.delete(justification)
    const verdict = issue.severity.value <= informational ? 'informational' : justification ? 'justified' : 'unjustified'
    return {
      check: issue.id,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      reviewRequired: issue.manualReview,
      file,
      line: issue.location.line,
      source: sample,
      description: issue.description,
      verdict,
      reason: justification?.reason ?? null,
    }
  })
  const unparsed = result.errors.filter((error) => !error.tolerable)
  writeFileSync(
    join(artifacts, 'electronegativity.json'),
    `${JSON.stringify({ electronVersion, checks: result.globalChecks + result.atomicChecks, excluded: config.excludedChecks, findings: verdicts, unparsed }, null, 2)}\n`,
  )

  console.log(
    `Electronegativity: ${result.atomicChecks} atomic and ${result.globalChecks} global checks over ${scannedFileCount()} files in src/ for Electron ${electronVersion}, in ${seconds} s.`,
  )
  for (const v of verdicts) {
    console.log(`  ${v.verdict.padEnd(13)} ${v.check} (${v.severity}) ${v.file}:${v.line}`)
    if (v.verdict === 'unjustified') console.log(`      ${v.source}\n      ${v.description}`)
  }
  for (const error of result.errors)
    console.log(`  ${error.tolerable ? 'warning' : 'NOT PARSED'} ${repoPath(relative(input, error.file))}: ${error.message}`)
  for (const entry of unused)
    console.log(
      `  stale justification: ${entry.check} in ${entry.file} (${entry.source}) matches no finding: remove it from electronegativity.json`,
    )

  const unjustified = verdicts.filter((v) => v.verdict === 'unjustified').length
  const failures = unjustified + unparsed.length + unused.size
  if (failures > 0) {
    console.log(
      `Electronegativity: FAILED: ${unjustified} unjustified finding(s), ${unparsed.length} file(s) not parsed, ${unused.size} stale justification(s). Fix the code, or justify the finding in electronegativity.json.`,
    )
    return 1
  }
  const justified = verdicts.filter((v) => v.verdict === 'justified').length
  console.log(
    `Electronegativity: passed: ${justified} finding(s) justified in electronegativity.json, none unjustified. Report: artifacts/electronegativity.sarif`,
  )
  return 0
}

// A scanner that hangs must not hang `npm test`.
setTimeout(() => {
  console.error(`Electronegativity: did not finish within ${timeoutMs / 1000} s.`)
  process.exit(1)
}, timeoutMs).unref()

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error('Electronegativity: the scan failed:', error)
    process.exitCode = 1
  },
)
