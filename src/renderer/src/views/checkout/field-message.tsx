import type { ReactNode } from 'react'
import { Text } from '@mantine/core'
import { formSentence } from './form-words'

/** One field's messages: the form's sentence, and under it the service's own words. */
function FieldMessage({ messages }: { messages: string[] }) {
  return (
    <>
      {messages.map((message) => {
        const sentence = formSentence(message)
        return (
          <Text key={message} span display="block" fz="inherit" c="inherit">
            <span>{sentence ?? message}</span>
            {sentence ? (
              <Text span display="block" fz="xs" c="inherit" ff="monospace" data-testid="service-message">
                Service: {message}
              </Text>
            ) : null}
          </Text>
        )
      })}
    </>
  )
}

/** The form's errors from messages sorted by field. */
export function toFormErrors(fields: Record<string, string[]>): Record<string, ReactNode> {
  return Object.fromEntries(Object.entries(fields).map(([path, messages]) => [path, <FieldMessage key={path} messages={messages} />]))
}
