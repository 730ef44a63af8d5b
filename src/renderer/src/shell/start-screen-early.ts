// Inlined by the build into index.html's head, before the stylesheet, long before the app's modules
// run (the CSP allows it by its hash; scripts/prerender-start-screen.ts). It has no imports and no
// exports. Inline, the parser reaches the prerendered start screen without waiting for a file.

// Mantine's colour scheme before the first paint, as its provider will set it (its own inline
// script is not allowed by the CSP), so a dark desktop does not see the start screen flash light.
{
  const stored = localStorage.getItem('mantine-color-scheme-value')
  const dark = stored === 'dark' || (stored !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light')
}

// An Enter in the prerendered field is kept for the app, which looks the ID up once it has taken
// over (adoptStartScreen); the CSP's form-action 'none' would drop the form's own submission.
// Listened for on the document: the start screen is not parsed yet when this runs.
document.addEventListener('submit', (event) => {
  if (!(event.target instanceof HTMLFormElement) || !event.target.closest('#start-screen')) return
  event.preventDefault()
  event.target.dataset.submitted = 'true'
})

// A screen's shortcut (Ctrl or ⌘ with a digit) pressed before the app has taken over is kept for it
// (takeEarlyShortcut in start-screen.ts); Ctrl or ⌘ with K goes to the payment ID field, as in the app.
document.addEventListener(
  'keydown',
  (event) => {
    const shell = document.getElementById('start-screen')
    if (!shell || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return
    if (/^[1-9]$/.test(event.key)) {
      event.preventDefault()
      document.documentElement.dataset.earlyShortcut = event.key
    } else if (event.key.toLowerCase() === 'k') {
      event.preventDefault()
      shell.querySelector('input')?.focus()
    }
  },
  { capture: true },
)

// The app's modules are fetched, compiled and run only once the start screen has been painted. Fetched
// and compiled while the page parsed, they put the first paint off by 30-40 ms; run right after it
// (one task of 50-100 ms in which the page handles no key), they made the first keys on screen wait.
// The build puts their tags into an inert <template id="app-modules">, the entry marked. Each frame
// looks for the paint; the modules start a frame after, so a key pressed meanwhile is handled first.
// A window that never paints (hidden) starts them after 500 ms all the same.
{
  let started = false
  const start = () => {
    if (started) return
    const modules = document.getElementById('app-modules')
    if (!(modules instanceof HTMLTemplateElement)) {
      // Not parsed yet (a page slower than the 500 ms): once it is.
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true })
      else console.error('index.html has no list of the app modules: the app cannot start')
      return
    }
    started = true
    // Preloads of the chunks the entry imports, fetched together with it rather than after it.
    document.head.append(modules.content)
    const entry = document.head.querySelector('link[data-app-entry]')
    if (!(entry instanceof HTMLLinkElement)) {
      console.error('index.html names no entry among the app modules: the app cannot start')
      return
    }
    const script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.src = entry.href
    document.head.append(script)
  }
  const painted = () => performance.getEntriesByName('first-contentful-paint', 'paint').length > 0
  const checkEachFrame = () => {
    if (painted()) requestAnimationFrame(start)
    else if (!started) requestAnimationFrame(checkEachFrame)
  }
  requestAnimationFrame(checkEachFrame)
  setTimeout(start, 500)
}
