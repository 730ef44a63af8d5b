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
