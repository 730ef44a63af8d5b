import { useEffect, useRef } from 'react'
import { Alert, Text } from '@mantine/core'
import type { SignatureCheckResult } from '../../../../shared/contract/webhook-schema'
import { causeTitles, describeSkew } from './signature-causes'

/** Valid or invalid, with the cause in a title and the main process's explanation beneath. */
export function CheckResult({ result }: { result: SignatureCheckResult }) {
  const ref = useRef<HTMLDivElement>(null)
  // The answer appears below the form: on a short window, bring it into sight.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' })
  }, [result])
  return (
    <Alert
      ref={ref}
      color={result.valid ? 'teal' : 'red'}
      variant="light"
      title={result.valid ? causeTitles.valid : `Invalid: ${causeTitles[result.cause]}`}
      data-testid="signature-result"
      data-cause={result.cause}
      role="status"
    >
      <Text size="sm">{result.message}</Text>
      {result.skewSeconds !== null && (
        <Text size="xs" c="dimmed" mt={4}>
          {describeSkew(result.skewSeconds)}
        </Text>
      )}
    </Alert>
  )
}
