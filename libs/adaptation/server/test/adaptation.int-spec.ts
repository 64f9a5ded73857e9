// @slow 40s: tracks, adaptations and the shop, polls and knowledge base events through the real bus.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import {
  ADAPT_ERRORS as E,
  adaptationRoutes as R,
  type AdaptationFull,
  type ProgressStep,
  type Stage,
  type Step,
  type Track,
} from '@intranet/adaptation-contract';
import { clientLifecycleRoutes } from '@intranet/clients-contract';
import { kbRoutes } from '@intranet/kb-contract';
import { lmsRoutes } from '@intranet/lms-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { pollsRoutes } from '@intranet/polls-contract';
import { shopRoutes } from '@intranet/shop-contract';
import { eventually } from '@intranet/platform-testing';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
type Person = { id: string; token: string };

/**
 * The adaptation routes through the real gateway and bus: tracks (module `track`), stages, steps and scenarios with
 * the §5 texts; newcomers on a track with their mentor, HR and chief and each one's view; finishing, rolling back,
 * resuming, probation; a reward step's coins in the shop exactly once across finish/unfinish/finish; poll and
 * article steps finished by polls' and the knowledge base's events; deletion rules; access per role and isolation.
 */
describe('adaptation (§7 Adaptation)', () => {
  let t: TestPortal;
  let a: Client;
  let b: Client;
  let hr: Person;
  let newcomer: Person;
  let mentor: Person;
  let chief: Person;
  let other: Person;

  /** An employee; without the `adaptation` right (HR's) unless `hrRight` (new employees get it by default). */
  const person = async (c: Client, email: string, hrRight = false): Promise<Person> => {
    const e = await t.makeEmployee(c.adminToken, email);
    if (hrRight) return { id: e.user._id, token: e.token };
    const off = await t.call(peopleRoutes.roleRemove, { token: c.adminToken, params: { userId: e.user._id, role: 'adaptation' } });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    return { id: e.user._id, token: (await t.login(email, 'employee1')).token };
  };
  const track = async (token: string, name: string): Promise<Track> => {
    const r = await t.call(R.trackCreate, { token, body: { name } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.result;
  };

  beforeAll(async () => {
    t = await sharedPortal();
    a = await t.makeClient('adaptspeca');
    b = await t.makeClient('adaptspecb');
    hr = await person(a, 'hr@adaptspeca.test', true);
    newcomer = await person(a, 'new@adaptspeca.test');
    mentor = await person(a, 'mentor@adaptspeca.test');
    chief = await person(a, 'chief@adaptspeca.test');
    other = await person(a, 'other@adaptspeca.test');
    // Steps of day 0 open at once: the opening hour is midnight in the client's zone (UTC).
    const s = await t.call(R.settingsSave, { token: a.adminToken, params: { client_id: a.client._id }, body: { open_hour: 0 } });
    assert.equal(s.status, 200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('tracks, stages and steps: §5 texts, duplicates refused, scenarios reordered, copy; HR only', async () => {
    const noName = await t.call(R.trackCreate, { token: hr.token, body: { name: ' ' } });
    assert.equal(noName.status, 400);
    assert.equal(noName.body.errors[0].message, E.adaptTrackNameRequired.text);
    const refused = await t.call(R.trackCreate, { token: other.token, body: { name: 'Mine' } });
    assert.equal(refused.status, 403);

    const tr = await track(hr.token, 'Developers');
    assert.equal(tr.state, 'not_running');
    const staged = await t.call(R.stageCreate, { token: hr.token, params: { track: tr._id }, body: { name: 'Week one' } });
    assert.equal(staged.status, 200);
    const stage = staged.body.result.stagesList[0]!._id;
    const step = (body: Record<string, unknown>) =>
      t.call(R.stepCreate, { token: hr.token, params: { track: tr._id }, body: { stage_id: stage, ...body } as never });

    assert.equal((await step({ type: 'reward', name: 'Welcome coins', coins: 50, days: 0 })).status, 200);
    const twice = await step({ type: 'reward', name: 'More coins', coins: 10, days: 0 });
    assert.equal(twice.status, 400);
    assert.equal(twice.body.errors[0].code, E.adaptDuplicateReward.code);
    const sameDay = await step({ type: 'task', name: 'welcome coins', days: 0 });
    assert.equal(sameDay.status, 400);
    assert.equal(sameDay.body.errors[0].code, E.adaptDuplicateDay.code);
    const link = await step({ type: 'link', name: 'Handbook', url: 'ftp://x' });
    assert.equal(link.status, 400);
    assert.deepEqual(
      link.body.errors.map((e: { field: string }) => e.field),
      ['link_title', 'url'],
    );
    const t1 = await step({ type: 'task', name: 'Meet the team', days: 1 });
    const t2 = await step({ type: 'task', name: 'Set up the laptop', days: 1 });
    assert.equal(t2.status, 200);
    const ids = t2.body.result.stepsList.filter((s: Step) => s.type === 'task').map((s: Step) => s._id);
    assert.equal(t1.status, 200);
    const reordered = await t.call(R.scenarioSteps, {
      token: hr.token,
      params: { track_id: tr._id, scenario: 'newcomer', stage_id: stage },
      body: { steps: ids.reverse().concat(t2.body.result.stepsList.filter((s: Step) => s.type === 'reward').map((s: Step) => s._id)) },
    });
    assert.equal(reordered.status, 200, JSON.stringify(reordered.body));
    const partial = await t.call(R.scenarioSteps, {
      token: hr.token,
      params: { track_id: tr._id, scenario: 'newcomer', stage_id: stage },
      body: { steps: [ids[0]!] },
    });
    assert.equal(partial.status, 409);
    assert.equal(partial.body.code, E.adaptStepsMismatch.code);

    const copy = await t.call(R.trackCopy, { token: hr.token, params: { id: tr._id } });
    assert.equal(copy.status, 200);
    assert.equal(copy.body.result.name, 'Developers (copy)');
    assert.equal(copy.body.result.stepsList.length, 3);
    const list = await t.call(R.trackList, { token: hr.token, query: { search: 'Developers' } });
    assert.equal(list.status, 200);
    assert.equal(list.body.result.total, 2);
    assert.equal((await t.call(R.trackDelete, { token: hr.token, params: { id: copy.body.result._id } })).status, 200);
    assert.equal((await t.call(R.trackGet, { token: hr.token, params: { id: copy.body.result._id } })).status, 404);
  });

  it('stages reorder in one request (PUT .../stage {stages}): every own stage once, 400 adaptStagesMismatch otherwise; HR only', async () => {
    const tr = await track(hr.token, 'Reordered');
    let stages: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const r = await t.call(R.stageCreate, { token: hr.token, params: { track: tr._id }, body: { name } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      stages = r.body.result.stagesList.map((s: Stage) => s._id);
    }
    const names = (tr2: Track) => [...tr2.stagesList].sort((x, y) => x.order - y.order).map((s) => s.name);
    const order = (token: string, body: Record<string, unknown>, track = tr._id) => t.call(R.stageUpdate, { token, params: { track }, body: body as never });

    const moved = await order(hr.token, { stages: [stages[2], stages[0], stages[1]] });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.deepEqual(names(moved.body.result), ['Three', 'One', 'Two']);
    const got = await t.call(R.trackGet, { token: hr.token, params: { id: tr._id } });
    assert.deepEqual(names(got.body.result), ['Three', 'One', 'Two']);
    // A rename and an order in one body: both, in the one transaction.
    const both = await order(hr.token, { _id: stages[0], name: 'First', stages });
    assert.equal(both.status, 200, JSON.stringify(both.body));
    assert.deepEqual(names(both.body.result), ['First', 'Two', 'Three']);

    // Another track's stage, one left out, one twice: 400 with the code, and nothing moved.
    const theirs = await track(hr.token, 'Another');
    const foreign = (await t.call(R.stageCreate, { token: hr.token, params: { track: theirs._id }, body: { name: 'X' } })).body.result.stagesList[0]!._id;
    for (const wrong of [
      [stages[1], stages[0], foreign],
      [stages[1], stages[0]],
      [stages[1], stages[0], stages[0]],
    ]) {
      const r = await order(hr.token, { stages: wrong });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.deepEqual(
        r.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
        [['stages', E.adaptStagesMismatch.code]],
      );
    }
    // A rename refused with the order: the rename is rolled back too.
    const half = await order(hr.token, { _id: stages[1], name: 'Renamed', stages: [stages[1]] });
    assert.equal(half.status, 400);
    assert.equal(half.body.errors[0].code, E.adaptStagesMismatch.code);
    assert.deepEqual(names((await t.call(R.trackGet, { token: hr.token, params: { id: tr._id } })).body.result), ['First', 'Two', 'Three']);
    // An empty body changes nothing and is refused; the order is HR's; another client's HR does not find the track.
    assert.equal((await order(hr.token, {})).status, 400);
    assert.equal((await order(other.token, { stages })).status, 403);
    assert.equal((await order(b.adminToken, { stages })).status, 404);
  });

  it('a newcomer on a running track: §5 people rules, views per role, reward coins once across finish/unfinish/finish, probation', async () => {
    const tr = await track(hr.token, 'Sales onboarding');
    const stage = (await t.call(R.stageCreate, { token: hr.token, params: { track: tr._id }, body: { name: 'Day one' } })).body.result.stagesList[0]!._id;
    const add = (body: Record<string, unknown>) =>
      t.call(R.stepCreate, { token: hr.token, params: { track: tr._id }, body: { stage_id: stage, ...body } as never });
    assert.equal((await add({ type: 'reward', name: 'Welcome coins', coins: 30, days: 0 })).status, 200);
    assert.equal((await add({ type: 'task', name: 'Show the office', days: 0, scenario: 'mentor' })).status, 200);
    const last = await add({ type: 'task', name: 'First report', days: 7 });
    const later = last.body.result.stepsList.find((s: Step) => s.name === 'First report')!._id;
    const reward = last.body.result.stepsList.find((s: Step) => s.type === 'reward')!._id;
    const tour = last.body.result.stepsList.find((s: Step) => s.scenario === 'mentor')!._id;
    assert.equal((await t.call(R.trackActive, { token: hr.token, body: { track_id: tr._id, active: true } })).body.result.state, 'running');

    const today = new Date().toISOString().slice(0, 10);
    const base = { track_id: tr._id, user_id: newcomer.id, mentor_id: mentor.id, hr_id: hr.id, chief_id: chief.id, start_date: today };
    const self = await t.call(R.userAdd, { token: hr.token, body: { ...base, mentor_id: newcomer.id } });
    assert.equal(self.status, 400);
    assert.equal(self.body.errors[0].message, E.adaptMentorIsNewcomer.text);
    const noMentor = await t.call(R.userAdd, { token: hr.token, body: { ...base, mentor_id: undefined } as never });
    assert.equal(noMentor.status, 400);
    assert.equal(noMentor.body.errors[0].message, E.adaptMentorRequired.text);
    const foreign = await t.call(R.userAdd, { token: hr.token, body: { ...base, chief_id: b.admin._id } });
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.errors[0].field, 'chief_id');
    const added = await t.call(R.userAdd, { token: hr.token, body: base });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const ad: AdaptationFull = added.body.result;
    assert.equal(ad.steps.find((s) => s._id === reward)!.status, 'open');
    assert.equal(ad.steps.find((s) => s._id === later)!.status, 'pending');
    const again = await t.call(R.userAdd, { token: hr.token, body: base });
    assert.equal(again.status, 409);
    assert.equal(again.body.errors[0].message, E.adaptEmployeeTwice.text);

    // Views: the newcomer sees the journey, the mentor their scenario, someone else nothing.
    assert.equal((await t.call(R.adaptationOnTrack, { token: newcomer.token, params: { id: ad._id } })).status, 200);
    const asMentor = await t.call(R.adaptationAs, { token: mentor.token, params: { adapt_id: ad._id, role: 'mentor' } });
    assert.equal(asMentor.status, 200);
    assert.deepEqual(
      asMentor.body.result.steps.map((s: ProgressStep) => s._id),
      [tour],
    );
    assert.equal((await t.call(R.adaptationAs, { token: newcomer.token, params: { adapt_id: ad._id, role: 'mentor' } })).status, 403);
    assert.equal((await t.call(R.adaptationOnTrack, { token: other.token, params: { id: ad._id } })).status, 404);
    const mine = await t.call(R.adaptationListFor, { token: mentor.token, params: { user_id: mentor.id } });
    assert.deepEqual(mine.body.result.items[0]!.roles, ['mentor']);
    assert.equal((await t.call(R.adaptationListFor, { token: mentor.token, params: { user_id: newcomer.id } })).status, 403);

    // The later step is not open; the mentor cannot finish the newcomer's step.
    const early = await t.call(R.stepFinish, { token: newcomer.token, params: { user_track: ad._id, step_id: later } });
    assert.equal(early.status, 409);
    assert.equal(early.body.code, E.adaptStepNotOpen.code);
    const notYours = await t.call(R.stepFinish, { token: mentor.token, params: { user_track: ad._id, step_id: reward } });
    assert.equal(notYours.status, 403);
    assert.equal(notYours.body.message, E.adaptStepNotYours.text);

    // Reward: finished, rolled back, finished again — the coins come once.
    assert.equal((await t.call(R.stepFinish, { token: newcomer.token, params: { user_track: ad._id, step_id: reward } })).status, 200);
    const balance = async () => (await t.call(shopRoutes.balanceGet, { token: newcomer.token, params: { id: newcomer.id } })).body.result?.amount ?? 0;
    await eventually(async () => (await balance()) === 30);
    const done = await t.call(R.stepFinish, { token: newcomer.token, params: { user_track: ad._id, step_id: reward } });
    assert.equal(done.status, 409);
    assert.equal(done.body.code, E.adaptStepDone.code);
    assert.equal((await t.call(R.adaptationUnfinish, { token: newcomer.token, params: { id: ad._id } })).status, 403);
    const back = await t.call(R.adaptationUnfinish, { token: hr.token, params: { id: ad._id } });
    assert.equal(back.status, 200);
    assert.equal(back.body.result.steps.find((s: Step) => s._id === reward)!.status, 'open');
    assert.equal((await t.call(R.stepFinish, { token: newcomer.token, params: { user_track: ad._id, step_id: reward } })).status, 200);
    assert.equal((await t.call(R.stepFinish, { token: mentor.token, params: { user_track: ad._id, step_id: tour } })).status, 200);

    // A step in progress cannot be deleted; a track with an unfinished adaptation cannot be deleted.
    const inProgress = await t.call(R.stepDel, { token: hr.token, params: { track_id: tr._id, step_id: later } });
    assert.equal(inProgress.status, 200, 'a pending step is not in progress');
    const openStep = (await add({ type: 'task', name: 'Read the rules', days: 0 })).body.result.stepsList.find((s: Step) => s.name === 'Read the rules')!._id;
    // A step added to a running track opens in the adaptations by the opening job queued with it.
    await eventually(
      async () =>
        (await t.call(R.adaptationOnTrack, { token: newcomer.token, params: { id: ad._id } })).body.result.steps.find((s: ProgressStep) => s._id === openStep)
          ?.status === 'open',
    );
    const del = await t.call(R.stepDelete, { token: hr.token, params: { track: tr._id }, body: { _id: openStep } });
    assert.equal(del.status, 409);
    assert.equal(del.body.message, E.adaptStepInProgress.text);
    const trackDel = await t.call(R.trackDelete, { token: hr.token, params: { id: tr._id } });
    assert.equal(trackDel.status, 409);
    assert.equal(trackDel.body.message, E.adaptTrackHasAdaptations.text);

    const early2 = await t.call(R.adaptationProbation, { token: chief.token, params: { id: ad._id } });
    assert.equal(early2.status, 409);
    assert.equal(early2.body.code, E.adaptNotFinished.code);
    const fin = await t.call(R.stepFinish, { token: newcomer.token, params: { user_track: ad._id, step_id: openStep } });
    assert.equal(fin.body.result.state, 'finished');
    assert.equal((await t.call(R.adaptationProbation, { token: mentor.token, params: { id: ad._id } })).status, 403);
    const passed = await t.call(R.adaptationProbation, { token: chief.token, params: { id: ad._id } });
    assert.equal(passed.status, 200);
    assert.equal(passed.body.result.state, 'passed');
    // Resume at the reward: it opens again; finished once more, no more coins.
    const resumed = await t.call(R.adaptationResume, { token: hr.token, params: { track_id: ad._id, step_id: reward } });
    assert.equal(resumed.body.result.state, 'active');
    assert.equal((await t.call(R.stepFinish, { token: newcomer.token, params: { user_track: ad._id, step_id: reward } })).status, 200);
    const members = await t.call(R.trackMembers, { token: hr.token, params: { id: tr._id } });
    assert.equal(members.body.result.total, 1);
    const stats = await t.call(R.trackAnalytics, { token: hr.token, params: { id: tr._id } });
    assert.equal(stats.status, 200);
    assert.equal(stats.body.result.started, 1);
    // The shop saw the reward three times (finish, finish after rollback, finish after resume) and paid once.
    await eventually(async () => {
      const r = await t.call(shopRoutes.balanceGet, { token: newcomer.token, params: { id: newcomer.id } });
      return r.body.result.history.filter((h: { comment: string }) => h.comment === 'Welcome coins').length === 1;
    });
    assert.equal(await balance(), 30);
  });

  it('poll and article steps finish when the poll is answered and the article read; a deleted poll makes the track contain errors', async () => {
    const poll = await t.call(pollsRoutes.pollCreate, {
      token: a.adminToken,
      body: {
        name: 'First impressions',
        description: '',
        type: 'opened',
        questions: [{ _id: 'q1', text: 'How is it?', mandatory: true, kind: 'short' }],
        recipients: [],
      },
    });
    assert.equal(poll.status, 200, JSON.stringify(poll.body));
    const article = await t.call(kbRoutes.articleCreate, { token: a.adminToken, body: { section: 'kb', title: 'Company rules', content: 'Be kind' } });
    assert.equal(article.status, 200, JSON.stringify(article.body));
    const tr = await track(hr.token, 'Reading track');
    const stage = (await t.call(R.stageCreate, { token: hr.token, params: { track: tr._id }, body: { name: 'Read' } })).body.result.stagesList[0]!._id;
    const add = (body: Record<string, unknown>) =>
      t.call(R.stepCreate, { token: hr.token, params: { track: tr._id }, body: { stage_id: stage, days: 0, ...body } as never });
    // Adaptation knows the client's polls and articles from their events (adaptation.refs): a step may name them once
    // those arrived.
    await eventually(async () => (await add({ type: 'poll', name: 'Answer the poll', poll_id: poll.body.result._id })).status === 200);
    const dupPoll = await add({ type: 'poll', name: 'The poll again', poll_id: poll.body.result._id, days: 2 });
    assert.equal(dupPoll.status, 400);
    assert.equal(dupPoll.body.errors[0].message, E.adaptDuplicatePoll.text);
    await eventually(async () => (await add({ type: 'article', name: 'Read the rules', article_id: article.body.result._id })).status === 200);
    assert.equal((await t.call(R.trackActive, { token: hr.token, body: { track_id: tr._id, active: true } })).status, 200);
    const today = new Date().toISOString().slice(0, 10);
    const ad = await t.call(R.userAdd, { token: hr.token, body: { track_id: tr._id, user_id: other.id, mentor_id: mentor.id, start_date: today } });
    assert.equal(ad.status, 200, JSON.stringify(ad.body));
    assert.ok(ad.body.result.steps.every((s: ProgressStep) => s.status === 'open'));
    const byHand = await t.call(R.stepFinish, { token: other.token, params: { user_track: ad.body.result._id, step_id: ad.body.result.steps[0]!._id } });
    assert.equal(byHand.status, 409);
    assert.equal(byHand.body.code, E.adaptStepByAction.code);

    assert.equal(
      (await t.call(pollsRoutes.pollAnswer, { token: other.token, params: { _id: poll.body.result._id }, body: { answers: { q1: 'Fine' } } })).status,
      200,
    );
    assert.equal((await t.call(kbRoutes.articleView, { token: other.token, params: { id: article.body.result._id, user: other.id } })).status, 200);
    await eventually(
      async () => (await t.call(R.adaptationOnTrack, { token: other.token, params: { id: ad.body.result._id } })).body.result.state === 'finished',
    );

    assert.equal((await t.call(pollsRoutes.pollDelete, { token: a.adminToken, params: { id: poll.body.result._id } })).status, 200);
    await eventually(async () => (await t.call(R.trackGet, { token: hr.token, params: { id: tr._id } })).body.result.state === 'errors');
    const got = await t.call(R.trackGet, { token: hr.token, params: { id: tr._id } });
    assert.equal(got.body.result.problems[0]!.text, 'Step "Answer the poll" points to a deleted poll');
    await t.call(R.trackActive, { token: hr.token, body: { track_id: tr._id, active: false } });
    const restart = await t.call(R.trackActive, { token: hr.token, body: { track_id: tr._id, active: true } });
    assert.equal(restart.status, 409);
    assert.equal(restart.body.message, 'The track contains errors: Step "Answer the poll" points to a deleted poll');
  });

  it('a step names only articles, polls and courses of the caller’s client: a colleague client’s article refused, the own accepted', async () => {
    const own = await t.call(kbRoutes.articleCreate, { token: a.adminToken, body: { section: 'kb', title: 'Our handbook', content: 'Ours' } });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    const theirs = await t.call(kbRoutes.articleCreate, { token: b.adminToken, body: { section: 'kb', title: 'Their handbook', content: 'Theirs' } });
    assert.equal(theirs.status, 200, JSON.stringify(theirs.body));
    // B's own track accepts B's article once adaptation has its event: from then on A's refusal is about the client.
    const trB = await track(b.adminToken, 'Their track');
    const stageB = (await t.call(R.stageCreate, { token: b.adminToken, params: { track: trB._id }, body: { name: 'Read' } })).body.result.stagesList[0]!._id;
    await eventually(
      async () =>
        (
          await t.call(R.stepCreate, {
            token: b.adminToken,
            params: { track: trB._id },
            body: { stage_id: stageB, type: 'article', name: 'Read ours', days: 0, article_id: theirs.body.result._id },
          })
        ).status === 200,
    );

    const tr = await track(hr.token, 'Handbook track');
    const stage = (await t.call(R.stageCreate, { token: hr.token, params: { track: tr._id }, body: { name: 'Read' } })).body.result.stagesList[0]!._id;
    const add = (body: Record<string, unknown>) =>
      t.call(R.stepCreate, { token: hr.token, params: { track: tr._id }, body: { stage_id: stage, days: 0, ...body } as never });
    const foreign = await add({ type: 'article', name: 'Read theirs', article_id: theirs.body.result._id });
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.errors[0].field, 'article_id');
    assert.equal(foreign.body.errors[0].code, E.adaptArticleNotFound.code);
    assert.equal(foreign.body.errors[0].message, E.adaptArticleNotFound.text);
    // Whatever the step's kind: a task carrying the colleague's article is refused on that field too.
    const stray = await add({ type: 'task', name: 'A task', article_id: theirs.body.result._id });
    assert.equal(stray.status, 400);
    assert.equal(stray.body.errors[0].field, 'article_id');
    // A course that is not published (or not the client's) is not one a step may name.
    const course = await add({ type: 'course', name: 'Learn', course_id: '01900000-0000-7000-8000-000000000000' });
    assert.equal(course.status, 400);
    assert.equal(course.body.errors[0].code, E.adaptCourseNotFound.code);
    await eventually(async () => (await add({ type: 'article', name: 'Read ours', article_id: own.body.result._id })).status === 200);
    const got = await t.call(R.trackGet, { token: hr.token, params: { id: tr._id } });
    assert.deepEqual(
      got.body.result.stepsList.map((x: Step) => x.article_id),
      [own.body.result._id],
    );
    // Editing the step: its own article stays; the colleague's is refused on the field.
    const mine = got.body.result.stepsList[0]!;
    const edit = (article_id: string) =>
      t.call(R.stepUpdate, {
        token: hr.token,
        params: { track: tr._id },
        body: { _id: mine._id, stage_id: stage, type: 'article', name: 'Read ours first', days: 0, article_id },
      });
    assert.equal((await edit(own.body.result._id)).status, 200);
    const moved = await edit(theirs.body.result._id);
    assert.equal(moved.status, 400);
    assert.equal(moved.body.errors[0].field, 'article_id');
  });

  it('a course step names a published course of the client; the course deleted in learning makes the track contain errors', async () => {
    const course = (await t.call(lmsRoutes.courseCreate, { token: a.adminToken, body: { title: 'Safety basics' } })).body.result;
    assert.equal((await t.call(lmsRoutes.courseUpdate, { token: a.adminToken, params: { id: course._id }, body: { status: 'published' } })).status, 200);
    const tr = await track(hr.token, 'Course track');
    const stage = (await t.call(R.stageCreate, { token: hr.token, params: { track: tr._id }, body: { name: 'Learn' } })).body.result.stagesList[0]!._id;
    // Accepted once adaptation has the course's published event.
    await eventually(
      async () =>
        (
          await t.call(R.stepCreate, {
            token: hr.token,
            params: { track: tr._id },
            body: { stage_id: stage, type: 'course', name: 'Learn safety', days: 0, course_id: course._id },
          })
        ).status === 200,
    );
    assert.equal((await t.call(lmsRoutes.courseDelete, { token: a.adminToken, params: { id: course._id } })).status, 200);
    await eventually(async () => (await t.call(R.trackGet, { token: hr.token, params: { id: tr._id } })).body.result.state === 'errors');
    const got = await t.call(R.trackGet, { token: hr.token, params: { id: tr._id } });
    assert.equal(got.body.result.problems[0]!.text, 'Step "Learn safety" points to a deleted course');
    // A new step may no longer name it.
    const again = await t.call(R.stepCreate, {
      token: hr.token,
      params: { track: tr._id },
      body: { stage_id: stage, type: 'course', name: 'Learn again', days: 1, course_id: course._id },
    });
    assert.equal(again.status, 400);
    assert.equal(again.body.errors[0].code, E.adaptCourseNotFound.code);
  });

  it('isolation: another client sees and changes none of it; settings of the own client only; workspace life', async () => {
    const tr = await track(hr.token, 'Private track');
    for (const r of [
      await t.call(R.trackGet, { token: b.adminToken, params: { id: tr._id } }),
      await t.call(R.trackUpdate, { token: b.adminToken, params: { id: tr._id }, body: { name: 'Stolen' } }),
      await t.call(R.trackMembers, { token: b.adminToken, params: { id: tr._id } }),
      await t.call(R.trackCopy, { token: b.adminToken, params: { id: tr._id } }),
      await t.call(R.trackDelete, { token: b.adminToken, params: { id: tr._id } }),
      await t.call(R.stageCreate, { token: b.adminToken, params: { track: tr._id }, body: { name: 'X' } }),
    ])
      assert.equal(r.status, 404);
    assert.equal((await t.call(R.trackList, { token: b.adminToken, query: { search: 'Private track' } })).body.result.total, 0);
    assert.equal((await t.call(R.settingsGet, { token: b.adminToken, params: { client_id: a.client._id } })).status, 403);
    const tz = await t.call(R.settingsSave, { token: a.adminToken, params: { client_id: a.client._id }, body: { time_zone: 'Mars/Base' } });
    assert.equal(tz.status, 400);
    assert.equal(tz.body.errors[0].message, E.adaptTimeZoneInvalid.text);

    const stat = await t.call(clientLifecycleRoutes.clientStat, { token: a.superToken, params: { id: a.client._id } });
    assert.equal(stat.status, 200);
    const mine = stat.body.result.domains['adaptation'] as Record<string, number>;
    assert.ok(Object.values(mine).reduce((x, n) => x + n, 0) > 0);
  });
});
