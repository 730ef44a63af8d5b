import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { errorForStatus } from '../../../src/main/api/response-errors'
import { ErrorAlert } from '../../../src/renderer/src/components/error-alert'
import { renderWithProviders } from '../render'

const bodies: [string, string | null, string][] = [
  ['the service error body', 'application/json', JSON.stringify({ statusCode: 0, message: 'Something broke', error: 'Oops' })],
  ['an HTML page', 'text/html', '<!doctype html><p>Down for maintenance</p>'],
  ['an empty body', null, ''],
]

/** The texts under the box's title, element by element, cut into clauses of four words or more, lower case. */
function clauses(box: HTMLElement): string[] {
  const body = box.querySelector('.mantine-Alert-message')
  if (!body) throw new Error('The error box has no message part')
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT)
  const texts: string[] = []
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '')
  return texts
    .join('|')
    .split(/[.;:,()|]/)
    .map((part) => part.trim().toLowerCase().replace(/\s+/g, ' '))
    .filter((part) => part.split(' ').length >= 4)
}

describe('an error box says each thing once', () => {
  const cases = [400, 401, 403, 404, 409, 422, 429, 500, 502, 503, 504].flatMap((status) =>
    ['GET', 'POST'].flatMap((method) => bodies.map(([body, type, text]) => [status, method, body, type, text] as const)),
  )
  it.each(cases)('HTTP %i to a %s with %s', (status, method, _, type, text) => {
    const error = errorForStatus(method, status, type, text.replace('"statusCode":0', `"statusCode":${status}`))
    const { unmount } = renderWithProviders(<ErrorAlert error={{ code: error.code, message: error.message }} onRetry={() => undefined} />)
    const said = clauses(screen.getByRole('alert'))
    const repeated = said.filter((clause, index) => said.indexOf(clause) !== index)
    expect(repeated, screen.getByRole('alert').textContent).toEqual([])
    unmount()
  })

  it('says "Try again in a few minutes" once after a server error', () => {
    const error = errorForStatus('GET', 500, 'application/json', JSON.stringify({ statusCode: 500, message: 'Internal server error' }))
    renderWithProviders(<ErrorAlert error={{ code: error.code, message: error.message }} />)
    expect(screen.getByRole('alert').textContent.match(/try again in a few minutes/gi)).toHaveLength(1)
  })
})
