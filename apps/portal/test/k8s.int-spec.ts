import { REPO_ROOT } from '@intranet/platform-config';
import { describe, it } from '@jest/globals';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';

/**
 * Issue 18 §7: deploy/k8s is what tools/scripts/k8s.mjs generates from the service list (every apps/*-service and
 * the gateway), every overlay renders with `kubectl kustomize`, and every rendered object validates against the
 * Kubernetes schemas (kubernetes-models). Plus what the manifests promise: probes on /livez and /readyz,
 * resources, config from the ConfigMap and Secret, the migration Job before the services, egress only to NATS,
 * PostgreSQL and object storage.
 */

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: any;
  data?: Record<string, string>;
}

const K8S = join(REPO_ROOT, 'deploy/k8s');
const overlays = readdirSync(join(K8S, 'overlays'));
const services = readdirSync(join(REPO_ROOT, 'apps'))
  .filter((d) => d.endsWith('-service') && existsSync(join(REPO_ROOT, 'apps', d, 'src/main.ts')))
  .sort();
const apps = ['gateway', ...services];

/** `kubectl kustomize <overlay>` as objects. */
function render(overlay: string): K8sObject[] {
  const out = execFileSync('kubectl', ['kustomize', join(K8S, 'overlays', overlay)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return YAML.parseAllDocuments(out)
    .map((d) => d.toJS() as K8sObject)
    .filter(Boolean);
}

/** Validates `obj` with its kubernetes-models class (apiVersion → module, kind → class); throws the schema's errors. */
async function validate(obj: K8sObject): Promise<void> {
  // kustomize folds a Secret's long base64 values over lines; the API server's decoder (Go's encoding/base64)
  // ignores those newlines, the schema's "byte" pattern does not.
  if (obj.kind === 'Secret' && obj.data) obj = { ...obj, data: Object.fromEntries(Object.entries(obj.data).map(([k, v]) => [k, v.replace(/\s+/g, '')])) };
  const mod = (await import(`kubernetes-models/${obj.apiVersion}`)) as Record<string, new (data: unknown) => { validate(): void }>;
  const Model = mod[obj.kind];
  assert.ok(Model, `kubernetes-models has no ${obj.apiVersion} ${obj.kind}`);
  new Model(obj).validate();
}

const find = (objs: K8sObject[], kind: string, name: string) => objs.find((o) => o.kind === kind && o.metadata.name === name);

describe('Kubernetes manifests (issue 18 §7)', () => {
  it('the committed deploy/k8s equals the generator output for the current service list', () => {
    const r = spawnSync(process.execPath, [join(REPO_ROOT, 'tools/scripts/k8s.mjs'), '--check'], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    assert.equal(r.status, 0, r.stderr || r.stdout);
    for (const app of apps) assert.ok(existsSync(join(K8S, 'base', app, 'kustomization.yaml')), `a base for ${app}`);
    assert.ok(overlays.includes('dev') && overlays.includes('prod'), `overlays: ${overlays.join(', ')}`);
  });

  it('the validator refuses an object that breaks the schema (so the next test can fail)', async () => {
    await assert.rejects(
      validate({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x' }, spec: { replicas: 'two', selector: {}, template: {} } }),
    );
  });

  for (const overlay of overlays) {
    it(`overlay ${overlay} renders and every object validates against the Kubernetes schemas`, async () => {
      const objs = render(overlay);
      assert.ok(objs.length >= apps.length * 5 + 3, `${objs.length} objects`);
      for (const o of objs) {
        try {
          await validate(o);
        } catch (err) {
          assert.fail(`${overlay}: ${o.kind}/${o.metadata.name}: ${(err as Error).message}`);
        }
        assert.ok(o.metadata.namespace, `${o.kind}/${o.metadata.name} has the overlay's namespace`);
      }

      const secret = objs.find((o) => o.kind === 'Secret');
      const job = find(objs, 'Job', 'intranet-migrate');
      assert.ok(job, 'the migration Job');
      const migrate = job.spec.template.spec.containers[0];
      assert.match(migrate.image, /^intranet\/migrate:/, 'deploy/Dockerfile target migrate');
      assert.ok(
        migrate.env.some((e: any) => e.name === 'DATABASE_MIGRATE_URL' && e.valueFrom.secretKeyRef),
        'the migration login from the Secret',
      );

      for (const app of apps) {
        const dep = find(objs, 'Deployment', app);
        assert.ok(dep, `Deployment ${app}`);
        for (const kind of ['Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'NetworkPolicy']) assert.ok(find(objs, kind, app), `${kind} ${app}`);
        const pod = dep.spec.template.spec;
        const c = pod.containers.find((x: any) => x.name === 'app');
        assert.match(c.image, new RegExp(`^intranet/${app}:`));
        assert.equal(c.livenessProbe.httpGet.path, '/livez', `${app} liveness`);
        assert.equal(c.readinessProbe.httpGet.path, '/readyz', `${app} readiness`);
        assert.ok(c.resources.requests.cpu && c.resources.requests.memory && c.resources.limits.memory, `${app} resources`);
        assert.ok(
          c.envFrom.some((e: any) => e.configMapRef?.name?.startsWith('intranet-config')),
          `${app} config from the ConfigMap`,
        );
        const secrets = c.env.filter((e: any) => e.valueFrom?.secretKeyRef);
        assert.ok(secrets.length > 0, `${app} secrets from the Secret`);
        if (secret) for (const e of secrets) assert.equal(e.valueFrom.secretKeyRef.name, secret.metadata.name, `${app} ${e.name} from the generated Secret`);
        const hpa = find(objs, 'HorizontalPodAutoscaler', app)!;
        assert.equal(hpa.spec.scaleTargetRef.name, app);
        assert.ok(hpa.spec.minReplicas >= 1 && hpa.spec.maxReplicas >= hpa.spec.minReplicas);

        const usesDb = c.env.some((e: any) => e.name === 'DATABASE_URL');
        assert.equal(usesDb, app !== 'gateway', `${app}: only services log in to the database`);
        if (usesDb) {
          // The migration Job runs before rollout: the pod waits for it in an initContainer.
          const wait = pod.initContainers?.find((x: any) => x.name === 'wait-for-migrations');
          assert.ok(wait, `${app} waits for the migration Job`);
          assert.match(wait.image, /^intranet\/migrate:/);
          assert.ok(!wait.env.some((e: any) => e.name === 'DATABASE_MIGRATE_URL'), 'the wait never holds the migration login');
          assert.ok(!c.env.some((e: any) => e.name === 'DATABASE_MIGRATE_URL'), `${app} never holds the migration login`);
        }

        // Egress only to DNS, NATS, PostgreSQL (services), object storage and the trace collector.
        const np = find(objs, 'NetworkPolicy', app)!;
        assert.deepEqual(np.spec.policyTypes, ['Ingress', 'Egress']);
        const targets = np.spec.egress.map((rule: any) => JSON.stringify(rule.to[0].podSelector.matchLabels));
        const allowed = [
          { 'k8s-app': 'kube-dns' },
          { 'app.kubernetes.io/name': 'nats' },
          { 'cnpg.io/cluster': 'intranet-db' },
          { 'v1.min.io/tenant': 'intranet-minio' },
          { 'app.kubernetes.io/name': 'opentelemetry-collector' },
        ].map((x) => JSON.stringify(x));
        for (const t of targets) assert.ok(allowed.includes(t), `${app} egress to ${t}`);
        assert.ok(targets.includes(JSON.stringify({ 'app.kubernetes.io/name': 'nats' })), `${app} reaches NATS`);
        assert.equal(targets.includes(JSON.stringify({ 'cnpg.io/cluster': 'intranet-db' })), usesDb, `${app} reaches PostgreSQL only if it logs in`);
        const ingressPorts = np.spec.ingress.flatMap((r: any) => r.ports.map((p: any) => p.port)).sort();
        assert.deepEqual(ingressPorts, app === 'gateway' ? [3000, 9464] : [9464], `${app} ingress`);
      }
      if (overlay === 'prod') assert.equal(secret, undefined, 'prod carries no Secret values: the cluster keeps its own');
    });
  }
});
