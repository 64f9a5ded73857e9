import { adaptationRoutes } from '@intranet/adaptation-contract';
import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

const uniq = () => Math.random().toString(36).slice(2, 8);

/**
 * The adaptation domain's part of the route-generic checks' fixture registry (routes-access, routes-tenant,
 * routes-fuzz): a track with a stage and a task step, and the employee on it (mentor: the admin), made through the
 * real routes. Param names: {track}, {track_id} the track (resume's {track_id} names the adaptation: the checks
 * get 404 there, a refusal); {user_track}, {adapt_id} the adaptation; {stage_id} the stage; {scenario} newcomer.
 * `{step_id}` and `{role}` are global names of other domains (bp's literal step, people's role): those routes answer
 * 400 to the checks' values.
 */
export default {
  entities: ['adaptTrack', 'adaptStage', 'adaptStep', 'adaptation'],
  params: {
    track: { entity: 'adaptTrack' },
    track_id: { entity: 'adaptTrack' },
    user_track: { entity: 'adaptation' },
    adapt_id: { entity: 'adaptation' },
    stage_id: { entity: 'adaptStage' },
    scenario: { literal: 'newcomer' },
  },
  // {role} and {step_id} mean other things in other domains (people's role code, bp's step): these routes' own.
  paramsBySubject: {
    'adaptation.adaptation.as': { role: { literal: 'newcomer' } },
    'adaptation.step.finish': { step_id: { entity: 'adaptStep' } },
    'adaptation.adaptation.resume': { step_id: { entity: 'adaptStep' } },
    'adaptation.step.del': { step_id: { entity: 'adaptStep' } },
  },
  idBySubject: {
    'adaptation.track.': 'adaptTrack',
    'adaptation.adaptation.': 'adaptation',
    'adaptation.adaptation.listFor': 'user',
  },
  bodies: {
    'adaptation.track.create': { body: (w) => ({ name: `Track of ${w.workspace}` }) },
    'adaptation.track.update': { body: () => ({ name: 'Renamed track' }) },
    'adaptation.track.active': { body: (w) => ({ track_id: w.ids.adaptTrack, active: false }), ids: { track_id: 'adaptTrack' } },
    'adaptation.stage.create': { body: () => ({ name: 'Stage' }) },
    'adaptation.stage.delete': { body: (w) => ({ _id: w.ids.adaptStage }), ids: { _id: 'adaptStage' } },
    'adaptation.step.delete': { body: (w) => ({ _id: w.ids.adaptStep }), ids: { _id: 'adaptStep' } },
    // A rename and the order of the track's stages (its one stage) in one body.
    'adaptation.stage.update': {
      body: (w) => ({ _id: w.ids.adaptStage, name: 'Renamed stage', stages: [w.ids.adaptStage] }),
      ids: { _id: 'adaptStage', stages: 'adaptStage' },
    },
    'adaptation.step.create': {
      body: (w) => ({ stage_id: w.ids.adaptStage, type: 'task', name: `Task ${uniq()}`, days: 3 }),
      // Checked against the caller's client whatever the step's kind (adaptation.refs, from kb's, polls' and
      // learning's events): another client's id is a 400 on its field.
      ids: { stage_id: 'adaptStage', article_id: 'article', poll_id: 'poll', course_id: 'course' },
    },
    'adaptation.step.update': {
      body: (w) => ({ _id: w.ids.adaptStep, stage_id: w.ids.adaptStage, type: 'task', name: `Task ${uniq()}`, days: 5 }),
      ids: { _id: 'adaptStep', stage_id: 'adaptStage', article_id: 'article', poll_id: 'poll', course_id: 'course' },
    },
    'adaptation.scenario.steps': { body: (w) => ({ steps: [w.ids.adaptStep] }), ids: { steps: 'adaptStep' } },
    'adaptation.user.add': {
      body: (w) => ({ track_id: w.ids.adaptTrack, user_id: w.ids.admin, mentor_id: w.ids.user, start_date: '2030-01-01' }),
      ids: { track_id: 'adaptTrack', user_id: 'admin', mentor_id: 'user', hr_id: 'user', chief_id: 'user' },
    },
    'adaptation.settings.save': { body: () => ({ open_hour: 9 }) },
  },
  async create(t, w) {
    const ok = async <T>(p: Promise<{ status: number; body: unknown }>, what: string) => {
      const r = await p;
      if (r.status !== 200) throw new Error(`fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
      return (r.body as { result: T }).result;
    };
    type Track = { _id: string; stagesList: { _id: string }[]; stepsList: { _id: string }[] };
    const track = await ok<Track>(t.call(adaptationRoutes.trackCreate, { token: w.adminToken, body: { name: `Track of ${w.workspace}` } }), 'adaptTrack');
    const staged = await ok<Track>(
      t.call(adaptationRoutes.stageCreate, { token: w.adminToken, params: { track: track._id }, body: { name: 'First week' } }),
      'adaptStage',
    );
    const stage = staged.stagesList[0]!._id;
    const stepped = await ok<Track>(
      t.call(adaptationRoutes.stepCreate, {
        token: w.adminToken,
        params: { track: track._id },
        body: { stage_id: stage, type: 'task', name: `Meet the team of ${w.workspace}`, days: 1 },
      }),
      'adaptStep',
    );
    const adaptation = await ok<{ _id: string }>(
      t.call(adaptationRoutes.userAdd, {
        token: w.adminToken,
        body: { track_id: track._id, user_id: w.employee.id, mentor_id: w.ids.admin, start_date: '2030-01-01' },
      }),
      'adaptation',
    );
    return { adaptTrack: track._id, adaptStage: stage, adaptStep: stepped.stepsList[0]!._id, adaptation: adaptation._id };
  },
  async readBack(t, w, e) {
    const r =
      e === 'adaptation'
        ? await t.call(adaptationRoutes.adaptationOnTrack, { token: w.adminToken, params: { id: w.ids.adaptation } })
        : await t.call(adaptationRoutes.trackGet, { token: w.adminToken, params: { id: w.ids.adaptTrack } });
    return { status: r.status, body: r.body };
  },
  secrets: (w) => [`Track of ${w.workspace}`, `Meet the team of ${w.workspace}`],
} satisfies DomainFixtures;
