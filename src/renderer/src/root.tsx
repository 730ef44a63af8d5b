import { useLayoutEffect } from 'react'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { App } from './app'
import { removeStartScreen } from './shell/start-screen'
import { theme } from './theme'

/** The whole renderer, providers included: main.tsx mounts it, and the build prerenders it into index.html as the start screen. */
export function Root() {
  // Whatever screen React drew first, the prerendered copy goes before the browser paints.
  useLayoutEffect(removeStartScreen, [])
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <Notifications position="bottom-right" limit={4} />
      <App />
    </MantineProvider>
  )
}
