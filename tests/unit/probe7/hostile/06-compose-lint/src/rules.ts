export type Level = 'error' | 'warn' | 'info';
export interface Finding { rule: string; level: Level; service: string; message: string; file: string }

const SECRETISH = /(PASSWORD|SECRET|TOKEN|API_KEY|PRIVATE_KEY)/i;

export function lintDoc(doc: any, file: string): Finding[] {
  const out: Finding[] = [];
  const services = doc?.services ?? {};
  const ports = new Map<string, string>();
  for (const [name, svc] of Object.entries<any>(services)) {
    const add = (rule: string, level: Level, message: string) =>
      out.push({ rule, level, service: name, message, file });
    if (svc.image && (!svc.image.includes(':') || svc.image.endsWith(':latest'))) {
      add('CL001', 'warn', `image "${svc.image}" is not pinned`);
    }
    if (!svc.healthcheck) add('CL002', 'warn', 'no healthcheck');
    const env = Array.isArray(svc.environment)
      ? Object.fromEntries(svc.environment.map((e: string) => e.split('=', 2)))
      : svc.environment ?? {};
    for (const [k, v] of Object.entries(env)) {
      if (SECRETISH.test(k) && typeof v === 'string' && v && !v.startsWith('${')) {
        add('CL003', 'error', `literal value for ${k}`);
      }
    }
    if (svc.privileged === true) add('CL004', 'error', 'privileged container');
    for (const p of svc.ports ?? []) {
      const host = String(typeof p === 'object' ? p.published : p).split(':').slice(-2, -1)[0];
      if (!host) continue;
      if (ports.has(host)) add('CL005', 'error', `host port ${host} also used by ${ports.get(host)}`);
      else ports.set(host, name);
    }
    if (!svc.restart && !svc.deploy?.restart_policy) add('CL006', 'info', 'no restart policy');
  }
  return out;
}
