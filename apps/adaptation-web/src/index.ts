// Async boundary for the standalone dev page (the shell only loads the exposed modules).
import('./bootstrap.tsx').catch((e: unknown) => {
  console.error('Adaptation remote failed to start', e);
});
