import { execFileSync } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { noPolicy, type Policy } from '../../../src/main/policy/policy'
import { maxPolicyBytes, readPolicy } from '../../../src/main/policy/read-policy'

let dir: string
let path: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payments-desk-policy-read-'))
  path = join(dir, 'policy.json')
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const valid = {
  version: 1,
  role: 'support',
  environments: { local: {}, production: { baseUrl: 'https://api.example.com/' } },
  throttle: { ceiling: 20, headroom: 0.3 },
  productionWrites: 'type-environment-name',
}

/** The narrowest mode, whatever was wrong. */
function expectRestricted(policy: Policy, problem: RegExp): void {
  expect(policy).toMatchObject({ source: 'restricted', role: 'support', allowed: ['local'], baseUrls: {} })
  expect(policy.problem).toMatch(problem)
}

describe('reading the managed policy', () => {
  it('no file: no policy, everything as before (admin, every environment)', async () => {
    expect(await readPolicy(path)).toBe(noPolicy)
    expect(await readPolicy(join(dir, 'no-such-folder', 'policy.json'))).toBe(noPolicy)
    expect(await readPolicy(undefined)).toEqual({ ...noPolicy, role: 'admin' })
  })

  it('a valid file: its role, environments, locked base URLs (as settings hold them), throttle and fingerprint', async () => {
    await writeFile(path, JSON.stringify(valid))
    const policy = await readPolicy(path)
    expect(policy).toMatchObject({
      source: 'file',
      role: 'support',
      allowed: ['local', 'production'],
      baseUrls: { production: 'https://api.example.com' },
      throttle: { ceiling: 20, headroom: 0.3 },
      typeEnvironmentName: true,
      problem: null,
    })
    expect(policy.fingerprint).toMatch(/^[0-9a-f]{16}$/)
  })

  it('only the version and the role are required: every environment stays allowed', async () => {
    await writeFile(path, JSON.stringify({ version: 1, role: 'admin' }))
    expect(await readPolicy(path)).toMatchObject({ source: 'file', role: 'admin', allowed: ['local', 'production', 'operator'] })
  })

  it.each([
    ['not JSON', '{"version": 1, "role": "admin",}', /not valid JSON/],
    ['empty', '', /not valid JSON/],
    ['a JSON array', '[]', /expected object/i],
    ['no role', JSON.stringify({ version: 1 }), /"role"/],
    ['a role that does not exist', JSON.stringify({ version: 1, role: 'superuser' }), /"role"/],
    ['a number as role', JSON.stringify({ version: 1, role: 1 }), /"role"/],
    ['version 2', JSON.stringify({ ...valid, version: 2 }), /"version"/],
    ['a typo in a key', JSON.stringify({ version: 1, rol: 'support', role: 'admin' }), /unknown key "rol"/],
    ['an unknown key inside', JSON.stringify({ ...valid, throttle: { ceilng: 5 } }), /"throttle": unknown key "ceilng"/],
    ['an unknown environment', JSON.stringify({ ...valid, environments: { staging: {} } }), /unknown key "staging"/],
    ['no environment at all', JSON.stringify({ ...valid, environments: {} }), /at least one environment/],
    ['a plain-http base URL', JSON.stringify({ ...valid, environments: { production: { baseUrl: 'http://api.example.com' } } }), /https/],
    ['a throttle out of range', JSON.stringify({ ...valid, throttle: { headroom: 0.9 } }), /"throttle.headroom"/],
    ['a string as ceiling', JSON.stringify({ ...valid, throttle: { ceiling: '20' } }), /"throttle.ceiling"/],
    ['productionWrites misspelt', JSON.stringify({ ...valid, productionWrites: 'type-name' }), /"productionWrites"/],
  ])('invalid (%s): the most restricted mode, saying why', async (_, text, problem) => {
    await writeFile(path, text)
    const policy = await readPolicy(path)
    expectRestricted(policy, problem)
    expect(policy.fingerprint, 'the file that was refused is still named').toMatch(/^[0-9a-f]{16}$/)
  })

  it('not UTF-8: refused, not read with replacement characters', async () => {
    await writeFile(path, Buffer.from([0x7b, 0xff, 0x7d]))
    expectRestricted(await readPolicy(path), /not valid JSON/)
  })

  it('a huge file is not read', async () => {
    await writeFile(path, `{"version":1,"role":"admin",${' '.repeat(maxPolicyBytes)}}`)
    expectRestricted(await readPolicy(path), /larger than 64 kB/)
  })

  it('a folder at the path', async () => {
    await mkdir(path)
    expectRestricted(await readPolicy(path), /not a regular file/)
  })

  it('a link at the path is not followed, even to a valid policy', async () => {
    await writeFile(join(dir, 'elsewhere.json'), JSON.stringify({ version: 1, role: 'admin' }))
    await symlink(join(dir, 'elsewhere.json'), path)
    expectRestricted(await readPolicy(path), /a link/)
  })

  it.skipIf(process.platform === 'win32')('a FIFO at the path: refused at once, no wait for a writer', async () => {
    execFileSync('mkfifo', [path])
    expectRestricted(await readPolicy(path), /not a regular file/)
  })

  it('unreadable: a file where its folder should be', async () => {
    await writeFile(join(dir, 'payments-desk'), 'x')
    expectRestricted(await readPolicy(join(dir, 'payments-desk', 'policy.json')), /could not be read/)
  })

  // root reads any file whatever its mode.
  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)('unreadable: no permission', async () => {
    await writeFile(path, JSON.stringify(valid))
    await chmod(path, 0)
    expectRestricted(await readPolicy(path), /may not read it/)
  })
})
