import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { render, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import { theme } from '../../src/renderer/src/theme'

/** Renders inside the same providers as the app. */
export function renderWithProviders(node: ReactNode): RenderResult {
  return render(
    <MantineProvider theme={theme}>
      <Notifications />
      {node}
    </MantineProvider>,
  )
}
