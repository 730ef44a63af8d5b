import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Root } from './root'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// A transition renders in slices, leaving the browser free in between: the prerendered start screen
// is painted and keeps taking keystrokes while React draws the app behind it (one 100-200 ms task
// otherwise, in which every key waits). React's field takes over at the commit, at once.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  )
})
