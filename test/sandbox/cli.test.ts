import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { once } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from '../helpers/wait-for'

// `npm run sandbox` is `tsx src/sandbox/cli.ts`; loading tsx into this Node directly
// keeps the child a single process that receives the signal itself.
const cliArgs = ['--import', 'tsx', 'src/sandbox/cli.ts']

interface RunningCli {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exited: Promise<number | null>
}

const started: ChildProcess[] = []

function runCli(args: string[]): RunningCli {
  const child = spawn(process.execPath, [...cliArgs, ...args], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] })
  started.push(child)
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  return { child, stdout: () => out, stderr: () => err, exited }
}

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

async function startedCli(args: string[]): Promise<RunningCli & { baseUrl: string; key: string }> {
  const cli = runCli(args)
  const [baseUrl, key] = await waitFor(
    () => {
      if (cli.child.exitCode !== null) throw new Error(`the CLI exited: ${cli.stderr()}`)
      const url = /listening on (http:\/\/\S+)/.exec(cli.stdout())?.[1]
      const printedKey = /^Private key \(X-Service-Api-Key\): (\S+)$/m.exec(cli.stdout())?.[1]
      // The banner's last line: the lines the tests read (the limit, the deliveries) come before it, maybe in another chunk.
      const done = /^Try: /m.test(cli.stdout())
      return done && url !== undefined && printedKey !== undefined && ([url, printedKey] as const)
    },
    { timeoutMs: 15_000, what: 'the CLI to print its address, keys and limit' },
  )
  return { ...cli, baseUrl, key }
}

describe('the sandbox CLI', () => {
  it('prints its address and key, serves with them, and stops on SIGTERM', async () => {
    const cli = await startedCli(['--port', '0', '--key', 'service_sandbox_cli', '--rate', '7', '--burst', '3'])
    expect(cli.key).toBe('service_sandbox_cli')
    expect(cli.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(cli.stdout()).toContain('Rate limit: 7 req/s per key')

    const reply = await fetch(`${cli.baseUrl}/api/payment/pay_seed_card_declined`, { headers: { 'x-service-api-key': cli.key } })
    expect(reply.status).toBe(200)
    expect(await reply.json()).toMatchObject({ lastDepositAttempt: { error: 'card_declined' } })
    const state = await fetch(`${cli.baseUrl}/sandbox/state`, { headers: { 'x-service-api-key': cli.key } })
    expect(await state.json()).toMatchObject({ rateLimit: { rate: 7, burst: 3 } })

    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)
    await expect(fetch(`${cli.baseUrl}/health`)).rejects.toThrow()
  })

  it('generates a key when none is given, and --rate 0 turns the limit off', async () => {
    const cli = await startedCli(['--port', '0', '--rate', '0'])
    expect(cli.key).toMatch(/^service_sandbox_[0-9a-f]{48}$/)
    expect(cli.stdout()).toContain('Rate limit: off')
    const reply = await fetch(`${cli.baseUrl}/api/payment/pay_seed_pending_1`, { headers: { 'x-service-api-key': cli.key } })
    expect(reply.status).toBe(200)
  })

  it.each([
    [['--port', 'abc'], '--port must be a whole number, got "abc"'],
    [['--port=-1'], '--port must be a whole number, got "-1"'],
    [['--port', '70000'], '--port must be at most 65535'],
    [['--rate', '2.5'], '--rate must be a whole number, got "2.5"'],
    [['--key', 'two words'], '--key must be a non-empty key without spaces'],
    [['--burst', 'many'], '--burst must be a whole number, got "many"'],
    [
      ['--rate-limit-headers', 'draft'],
      '--rate-limit-headers must be one of ratelimit, ratelimit-legacy, x-ratelimit, x-ratelimit-epoch, got "draft"',
    ],
    [['--colour', 'blue'], "Unknown option '--colour'"],
    [['--port'], "Option '--port <value>' argument missing"],
    [
      ['--allow-delivery-host', 'https://hooks.example.com/'],
      '--allow-delivery-host must be a host name or IP address (no scheme, port or path), got "https://hooks.example.com/"',
    ],
  ])('refuses %j with exit code 2 and the usage', async (args, message) => {
    const cli = runCli(args)
    expect(await cli.exited).toBe(2)
    expect(cli.stderr()).toContain(message)
    expect(cli.stderr()).toContain('Usage: npm run sandbox -- [--port N] [--host H] [--key KEY] [--rate R] [--burst B]')
    expect(cli.stdout()).toBe('')
  })

  it('delivers webhooks off this computer only to the hosts named with --allow-delivery-host', async () => {
    const cli = await startedCli(['--port', '0', '--allow-delivery-host', 'Hooks.Example.com', '--allow-delivery-host', '192.0.2.10'])
    expect(cli.stdout()).toContain('Webhook deliveries: this computer and hooks.example.com, 192.0.2.10')
    const register = (url: string) =>
      fetch(`${cli.baseUrl}/api/webhook`, {
        method: 'POST',
        headers: { 'x-service-api-key': cli.key, 'content-type': 'application/json' },
        body: JSON.stringify({ url }),
      })
    expect((await register('https://hooks.example.com/in')).status).toBe(201)
    expect((await register('https://192.0.2.10/in')).status).toBe(201)
    expect((await register('https://other.example.com/in')).status).toBe(400)
  })

  it('announces the limit in the header family named with --rate-limit-headers', async () => {
    const cli = await startedCli(['--port', '0', '--rate', '10', '--burst', '20', '--rate-limit-headers', 'ratelimit'])
    expect(cli.stdout()).toContain('Rate limit: 10 req/s per key, announced in ratelimit headers')
    const reply = await fetch(`${cli.baseUrl}/api/payment/pay_seed_pending_1`, { headers: { 'x-service-api-key': cli.key } })
    expect(reply.headers.get('ratelimit-policy')).toBe('"sandbox";q=20;w=2')
    expect(reply.headers.get('ratelimit')).toMatch(/^"sandbox";r=19;t=1$/)
  })

  it('says so when the port is taken', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const { port } = blocker.address() as { port: number }
    try {
      const cli = runCli(['--port', String(port)])
      expect(await cli.exited).toBe(2)
      expect(cli.stderr()).toContain(`Port ${port} is already in use: pick another with --port`)
    } finally {
      blocker.close()
    }
  })
})
