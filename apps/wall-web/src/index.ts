// Async boundary for the standalone dev page (the shell never loads this entry, only the exposed modules).
import('./bootstrap.tsx').catch((e: unknown) => {
  console.error('Wall remote failed to start', e);
});
