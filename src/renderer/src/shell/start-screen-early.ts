// Loaded as a classic script in index.html's head, before the stylesheet (the build emits it as
// start-screen.js), long before the app's modules run. It has no imports and no exports. In the head
// it neither waits for the stylesheet nor holds the parser at the end of the body, where it kept the
// prerendered start screen from being painted until it had arrived.

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
