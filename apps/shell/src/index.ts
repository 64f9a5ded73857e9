// Async boundary: Module Federation resolves the shared singletons before the app code runs.
import('./bootstrap.tsx').catch((e: unknown) => {
  console.error('Shell failed to start', e);
});
