// Loaded as a classic script right after the prerendered start screen in index.html (the build
// emits it as start-screen.js), long before the app's modules run. It has no imports and no exports.

// Mantine's colour scheme before the first paint, as its provider will set it (its own inline
// script is not allowed by the CSP), so a dark desktop does not see the start screen flash light.
{
  const stored = localStorage.getItem('mantine-color-scheme-value')
  const dark = stored === 'dark' || (stored !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light')
}

// An Enter in the prerendered field is kept for the app, which looks the ID up once it has taken
// over (adoptStartScreen); the CSP's form-action 'none' would drop the form's own submission.
document.getElementById('start-screen')?.addEventListener('submit', (event) => {
  event.preventDefault()
  if (event.target instanceof HTMLFormElement) event.target.dataset.submitted = 'true'
})
