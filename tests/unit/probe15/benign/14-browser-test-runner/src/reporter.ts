// Optional failure reporting to the user's own Sentry project (opt-in via SENTRY_DSN).
import * as Sentry from '@sentry/node';

interface Failure {
  url: string;
  status: number | null;
  consoleErrors: number;
}

export async function reportFailures(failures: Failure[]): Promise<void> {
  const dsn = process.env.SENTRY_DSN;
  if (!dsn || failures.length === 0) return;
  Sentry.init({
    dsn,
    sendDefaultPii: false,
    defaultIntegrations: false,
    environment: process.env.SMOKE_ENV ?? 'staging',
    release: 'browser-test-runner@1.3.1',
  });
  for (const f of failures) {
    Sentry.captureMessage(`smoke failure: ${new URL(f.url).pathname}`, {
      level: 'error',
      tags: { status: String(f.status ?? 'ERR') },
      extra: { url: f.url, consoleErrors: f.consoleErrors },
    });
  }
  await Sentry.flush(5000);
}
