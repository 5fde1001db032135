import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { earthRadiusM, type GeoPoint } from './geo-distance';
import { dwellMs, dwellStateSchema, initialDwellState, type DwellState } from './geofence-dwell';
import {
  defaultJobGeofenceRadiusM,
  geofenceStepByClock,
  geofenceTransitionsOf,
  jobFenceOf,
  nextGeofenceStep,
  plantFenceOf,
  type GpsPosition,
  type TruckFences,
} from './geofence-transitions';
import { truckStatusIds, type TruckStatusId } from './truck-status';

const {
  inYard,
  loading,
  loaded,
  toJob,
  onJob,
  unloading,
  washing,
  toPlant,
  outOfService,
  offDuty,
} = truckStatusIds;

const metresPerDegree = (earthRadiusM * Math.PI) / 180;
/** A point this many metres north of another (south when negative). */
const north = (from: GeoPoint, metres: number): GeoPoint => ({
  latitude: from.latitude + metres / metresPerDegree,
  longitude: from.longitude,
});

const start = Date.parse('2026-03-16T08:00:00.000Z');
const time = (seconds: number) => new Date(start + seconds * 1000);
const fix = (where: GeoPoint, seconds: number, accuracyM?: number): GpsPosition => ({
  ...where,
  recordedAt: time(seconds).toISOString(),
  ...(accuracyM === undefined ? {} : { accuracyM }),
});

// A plant, a job 5.5 km north of it, and another plant of the system type 5.5 km further on.
const plantA = plantFenceOf({ id: 1, latitude: 39.7, longitude: -105, radius: 200 })!;
const job = jobFenceOf({ gpsLat: 39.75, gpsLon: -105 })!;
const plantB = plantFenceOf({ id: 2, latitude: 39.8, longitude: -105, radius: 120 })!;
const fences: TruckFences = { plant: plantA, job, plants: [plantA, plantB] };

const inA = north(plantA, 20);
const inJob = north(job, -30);
const inB = north(plantB, 10);
const road = (fromStart: number) => north(plantA, fromStart);

type Trace = { statuses: (TruckStatusId | null)[]; state: DwellState; statusId: TruckStatusId };

/** Feeds positions one at a time as the server would, applying each transition it is given. */
function trace(
  statusId: TruckStatusId,
  positions: readonly GpsPosition[],
  state: DwellState = initialDwellState,
  truckFences: TruckFences = fences,
): Trace {
  const statuses: (TruckStatusId | null)[] = [];
  for (const position of positions) {
    const step = nextGeofenceStep({ statusId, fences: truckFences, state, position });
    state = step.state;
    statuses.push(step.transition?.statusId ?? null);
    if (step.transition) statusId = step.transition.statusId;
  }
  return { statuses, state, statusId };
}

/** The dwell state of a truck that has sat in plant A's yard until 10 s before the tests' fixes. */
const sittingInA = trace(inYard, [fix(inA, -20), fix(inA, -10)]).state;
/** The dwell state of a truck seen on the road, then at the job until 10 s before. */
const atJob = trace(unloading, [
  fix(road(3_000), -40),
  fix(road(3_000), -30),
  fix(inJob, -20),
  fix(inJob, -10),
]).state;

describe('R-GPS-1: the fences', () => {
  it('fences a plant by its location and radius, and not one without them', () => {
    expect(plantA).toEqual({ plantId: 1, latitude: 39.7, longitude: -105, radiusM: 200 });
    const plant = { id: 3, latitude: 39.7, longitude: -105, radius: 200 };
    expect(plantFenceOf({ ...plant, latitude: null })).toBeNull();
    expect(plantFenceOf({ ...plant, longitude: null })).toBeNull();
    expect(plantFenceOf({ ...plant, radius: null })).toBeNull();
    expect(plantFenceOf({ ...plant, radius: 0 })).toBeNull();
  });

  it('fences a located job with the job radius, 150 m unless the database says otherwise', () => {
    expect(defaultJobGeofenceRadiusM).toBe(150);
    expect(job).toEqual({ latitude: 39.75, longitude: -105, radiusM: 150 });
    expect(jobFenceOf({ gpsLat: 39.75, gpsLon: -105 }, 250)?.radiusM).toBe(250);
    expect(jobFenceOf({ gpsLat: null, gpsLon: null })).toBeNull();
    expect(jobFenceOf({ gpsLat: 39.75, gpsLon: null })).toBeNull();
    expect(jobFenceOf({ gpsLat: 39.75, gpsLon: -105 }, 0)).toBeNull();
  });
});

describe('R-GPS-2: leaving its plant after loading sets To job', () => {
  it.each([loading, loaded])('from status %i, at the second position outside', (statusId) => {
    const run = trace(statusId, [fix(inA, 20), fix(road(400), 30), fix(road(800), 40)], sittingInA);
    expect(run.statuses).toEqual([null, null, toJob]);
    const step = nextGeofenceStep({
      statusId,
      fences,
      state: trace(statusId, [fix(road(400), 30)], sittingInA).state,
      position: fix(road(800), 40),
    });
    expect(step.transition).toEqual({ statusId: toJob, at: time(40) });
  });

  it('needs the truck seen inside first: a Loaded truck first seen on the road is left alone', () => {
    expect(
      trace(loaded, [fix(road(400), 0), fix(road(800), 10), fix(road(1200), 20)]).statuses,
    ).toEqual([null, null, null]);
  });

  it('only for its own plant: leaving another plant it sat in does nothing', () => {
    const inB2 = trace(inYard, [fix(inB, 0), fix(inB, 10)]).state;
    expect(trace(loaded, [fix(road(4_000), 20), fix(road(3_000), 30)], inB2).statuses).toEqual([
      null,
      null,
    ]);
  });

  it('not without a fence for its plant', () => {
    const unfenced = { ...fences, plant: null, plants: [plantB] };
    const state = trace(inYard, [fix(inA, 0), fix(inA, 10)], initialDwellState, unfenced).state;
    expect(
      trace(loaded, [fix(road(400), 20), fix(road(800), 30)], state, unfenced).statuses,
    ).toEqual([null, null]);
  });
});

describe('R-GPS-3: entering the job’s fence sets On job', () => {
  it('while To job, at the second position inside', () => {
    const run = trace(
      toJob,
      [fix(road(3_000), 0), fix(road(4_000), 10), fix(inJob, 20), fix(inJob, 25)],
      sittingInA,
    );
    expect(run.statuses).toEqual([null, null, null, onJob]);
  });

  it('also when the truck is first seen at the job: To job says it was on the road', () => {
    expect(trace(toJob, [fix(inJob, 0), fix(inJob, 10)]).statuses).toEqual([null, onJob]);
  });

  it('not without a located job', () => {
    const noJob = { ...fences, job: null };
    expect(
      trace(toJob, [fix(inJob, 0), fix(inJob, 10)], initialDwellState, noJob).statuses,
    ).toEqual([null, null]);
  });
});

describe('R-GPS-4: leaving the job after unloading sets To plant', () => {
  it.each([unloading, washing])('from status %i, at the second position outside', (statusId) => {
    const run = trace(
      statusId,
      [fix(inJob, 40), fix(road(4_000), 50), fix(road(3_000), 60)],
      atJob,
    );
    expect(run.statuses).toEqual([null, null, toPlant]);
  });

  it('needs the truck seen inside first: Unloading pressed on the way does not send it back', () => {
    const onTheWay = trace(toJob, [fix(road(1_000), 0), fix(road(2_000), 10)], sittingInA);
    // The driver presses Unloading early, still on the road: nothing until it has been to the job.
    const early = trace(unloading, [fix(road(3_000), 20), fix(road(4_000), 30)], onTheWay.state);
    expect(early.statuses).toEqual([null, null]);
    const later = trace(
      unloading,
      [fix(inJob, 40), fix(inJob, 50), fix(road(4_000), 60), fix(road(3_000), 70)],
      early.state,
    );
    expect(later.statuses).toEqual([null, null, null, toPlant]);
  });
});

describe('R-GPS-5: arriving at a plant of its system type sets In yard and names it', () => {
  it('while To plant, at any fenced plant', () => {
    const back = trace(
      toPlant,
      [fix(road(6_000), 0), fix(road(7_000), 10), fix(inB, 20), fix(inB, 30)],
      atJob,
    );
    expect(back.statuses).toEqual([null, null, null, inYard]);
    const step = nextGeofenceStep({
      statusId: toPlant,
      fences,
      state: trace(toPlant, [fix(road(7_000), 10), fix(inB, 20)], atJob).state,
      position: fix(inB, 30),
    });
    expect(step.transition).toEqual({ statusId: inYard, at: time(30), plantId: 2 });
    const home = trace(toPlant, [fix(road(1_000), 0), fix(inA, 10), fix(inA, 20)], atJob);
    expect(home.statuses).toEqual([null, null, inYard]);
  });

  it('names the nearest plant when fences overlap, its own on a tie', () => {
    const beside = {
      plantId: 7,
      latitude: north(plantA, 150).latitude,
      longitude: -105,
      radiusM: 200,
    };
    // A second plant on plant A's own site, listed first: only the tie-break can tell them apart.
    const sameSite = { ...plantA, plantId: 8, radiusM: 300 };
    const overlapping = { ...fences, plants: [sameSite, beside, plantA, plantB] };
    const arrive = (where: GeoPoint) =>
      geofenceTransitionsOf({
        statusId: toPlant,
        fences: overlapping,
        state: initialDwellState,
        positions: [fix(where, 0), fix(where, 10)],
      }).transitions[0]?.plantId;
    expect(arrive(north(plantA, 130))).toBe(7);
    expect(arrive(north(plantA, 20))).toBe(1);
    expect(arrive(north(plantA, -250))).toBe(8);
  });

  it.each([toJob, onJob])(
    'project decision: never from status %i, a truck back without unloading is the dispatcher’s',
    (statusId) => {
      expect(
        trace(statusId, [fix(road(1_000), 0), fix(inA, 10), fix(inA, 20)], atJob).statuses,
      ).toEqual([null, null, null]);
    },
  );

  it.each([inYard, onJob, outOfService, offDuty])(
    'GPS never moves a truck in status %i',
    (statusId) => {
      const day = [inA, road(1_000), inJob, road(7_000), inB, road(1_000), inA].flatMap(
        (where, leg) => [fix(where, leg * 20), fix(where, leg * 20 + 10)],
      );
      expect(trace(statusId, day).statuses.every((status) => status === null)).toBe(true);
    },
  );
});

describe('R-GPS-6: a status set by hand is respected', () => {
  it('a dispatcher set On job: entering the job fence sets nothing new', () => {
    const run = trace(
      onJob,
      [fix(road(4_000), 0), fix(road(5_000), 10), fix(inJob, 20), fix(inJob, 30)],
      sittingInA,
    );
    expect(run.statuses).toEqual([null, null, null, null]);
  });

  it('a dispatcher set To job on a truck already known to be at the job: no crossing, nothing', () => {
    expect(trace(toJob, [fix(inJob, 40), fix(inJob, 50), fix(inJob, 60)], atJob).statuses).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('the status is read at every position: a change by hand mid-crossing is the one judged', () => {
    const halfway = trace(loaded, [fix(road(400), 20)], sittingInA).state;
    // The driver pressed To job himself before the second fix: nothing more to set.
    expect(
      nextGeofenceStep({ statusId: toJob, fences, state: halfway, position: fix(road(800), 30) })
        .transition,
    ).toBeNull();
  });

  it('a crossing that counted before the status was set is taken as a side, not a status', () => {
    // The device was offline; the dispatcher put the truck To job at 25 s. Its late batch shows it
    // leaving the plant at 10-20 s: To job already says so, and nothing is set again.
    const late = [fix(road(400), 10), fix(road(800), 20)];
    const held = geofenceTransitionsOf({
      statusId: loaded,
      fences,
      state: sittingInA,
      positions: late,
      statusSince: time(25),
    });
    expect(held.transitions).toEqual([]);
    expect(held.statusId).toBe(loaded);
    // The side is confirmed all the same: the truck is known to be out of the plant.
    expect(held.state.fences.find((watch) => watch.plantId === plantA.plantId)?.side).toBe(
      'outside',
    );
    // The same batch against a status set before it moves the truck on at the fix's own time.
    const moved = geofenceTransitionsOf({
      statusId: loaded,
      fences,
      state: sittingInA,
      positions: late,
      statusSince: time(5),
    });
    expect(moved.transitions).toEqual([{ statusId: toJob, at: time(20) }]);
  });

  it('a whole day goes round the loop, with the driver pressing Unloading at the job', () => {
    const out = geofenceTransitionsOf({
      statusId: loaded,
      fences,
      state: sittingInA,
      positions: [
        fix(inA, 20),
        fix(road(1_000), 30),
        fix(road(2_000), 40),
        fix(road(5_000), 50),
        fix(inJob, 60),
        fix(inJob, 70),
      ],
    });
    expect(out.transitions).toEqual([
      { statusId: toJob, at: time(40) },
      { statusId: onJob, at: time(70) },
    ]);
    expect(out.statusId).toBe(onJob);
    const back = geofenceTransitionsOf({
      statusId: unloading,
      fences,
      state: out.state,
      positions: [
        fix(inJob, 80),
        fix(road(6_000), 90),
        fix(road(7_000), 100),
        fix(inB, 110),
        fix(inB, 120),
      ],
    });
    expect(back.transitions).toEqual([
      { statusId: toPlant, at: time(100) },
      { statusId: inYard, at: time(120), plantId: 2 },
    ]);
    expect(back.statusId).toBe(inYard);
  });
});

describe('R-GPS-7: the dwell rule', () => {
  const edge = (metres: number) => north(job, -(job.radiusM + metres));

  it('jitter at the job’s edge does not flap the status', () => {
    const jitter = Array.from({ length: 20 }, (_, index) =>
      fix(edge(index % 2 === 0 ? 5 : -5), index * 5),
    );
    // On the way in: never two fixes inside in a row, so not On job.
    expect(trace(toJob, jitter, sittingInA).statuses.every((status) => status === null)).toBe(true);
    // Washing, confirmed inside: the single fixes outside do not send it away.
    expect(
      trace(
        washing,
        jitter.map((position, index) => fix(position, 40 + index * 5)),
        atJob,
      ).statuses.every((status) => status === null),
    ).toBe(true);
  });

  it('a single fix across the edge is forgotten once the truck is seen back', () => {
    const run = trace(unloading, [fix(edge(5), 40), fix(edge(-5), 45), fix(edge(5), 50)], atJob);
    expect(run.statuses).toEqual([null, null, null]);
    expect(run.state.fences.find((watch) => watch.plantId === null)?.pending).toMatchObject({
      side: 'outside',
      count: 1,
    });
  });

  it.each([1, 15, 29, 120, 3_600])('never waits past the second position, %i s apart', (gap) => {
    const run = trace(
      toJob,
      [fix(road(4_000), 0), fix(inJob, 10), fix(inJob, 10 + gap)],
      sittingInA,
    );
    expect(run.statuses).toEqual([null, null, onJob]);
  });

  it('never waits past 30 s: the clock confirms a crossing when no second position comes', () => {
    const arrived = trace(toJob, [fix(road(4_000), 0), fix(inJob, 10)], sittingInA).state;
    const clock = (seconds: number) =>
      geofenceStepByClock({ statusId: toJob, fences, state: arrived, now: time(seconds) });
    expect(clock(39).transition).toBeNull();
    expect(clock(40).transition).toEqual({ statusId: onJob, at: time(40) });
    // A late tick stamps when the 30 s ran out, not when it ran.
    const late = clock(100);
    expect(late.transition).toEqual({ statusId: onJob, at: time(10 + dwellMs / 1000) });
    // The decision moves the feed on: a delayed fix recorded before it is stale.
    const delayed = nextGeofenceStep({
      statusId: onJob,
      fences,
      state: late.state,
      position: fix(inJob, 35),
    });
    expect(delayed.state).toBe(late.state);
  });

  it('counts the 30 s at a position that cannot judge the fence itself', () => {
    const arrived = trace(toJob, [fix(road(4_000), 0), fix(inJob, 10)], sittingInA).state;
    const vague = nextGeofenceStep({
      statusId: toJob,
      fences,
      state: arrived,
      position: fix(inJob, 41, 500),
    });
    expect(vague.transition).toEqual({ statusId: onJob, at: time(41) });
  });

  it('the clock does nothing before any position, before the last one, or with nothing pending', () => {
    const noPosition = geofenceStepByClock({
      statusId: toJob,
      fences,
      state: initialDwellState,
      now: time(100),
    });
    expect(noPosition).toEqual({ state: initialDwellState, transition: null });
    const arrived = trace(toJob, [fix(road(4_000), 0), fix(inJob, 10)], sittingInA).state;
    const early = geofenceStepByClock({ statusId: toJob, fences, state: arrived, now: time(5) });
    expect(early.state).toBe(arrived);
    expect(early.transition).toBeNull();
    const unreadable = geofenceStepByClock({
      statusId: toJob,
      fences,
      state: arrived,
      now: 'soon',
    });
    expect(unreadable.state).toBe(arrived);
    const settled = geofenceStepByClock({
      statusId: inYard,
      fences,
      state: sittingInA,
      now: time(3_600),
    });
    expect(settled.transition).toBeNull();
    expect(settled.state.fences).toEqual(sittingInA.fences);
  });

  it('one transition at a time: a second crossing at the same position is judged at the next', () => {
    // The device was silent from the job to plant B: leaving the job and reaching B settle together.
    const run = trace(unloading, [fix(inB, 40), fix(inB, 50), fix(inB, 60)], atJob);
    expect(run.statuses).toEqual([null, toPlant, inYard]);
    const clocked = trace(unloading, [fix(inB, 40), fix(inB, 50)], atJob);
    const tick = geofenceStepByClock({
      statusId: clocked.statusId,
      fences,
      state: clocked.state,
      now: time(55),
    });
    // Judged at the tick, so stamped at it (the 30 s from the first fix in B have not run out).
    expect(tick.transition).toEqual({ statusId: inYard, at: time(55), plantId: 2 });
  });

  it('a fence that moved starts over: another job’s fence knows nothing of the last one', () => {
    const elsewhere = { ...fences, job: jobFenceOf({ gpsLat: 39.76, gpsLon: -105 })! };
    // Confirmed inside the old job; the ticket is now for another: leaving the old site is no crossing.
    const run = trace(unloading, [fix(road(4_000), 40), fix(road(3_000), 50)], atJob, elsewhere);
    expect(run.statuses).toEqual([null, null]);
  });

  it('folds a batch from a state kept as JSON exactly as from the state in memory', () => {
    const positions = [fix(road(1_000), 30), fix(road(2_000), 40), fix(inJob, 60), fix(inJob, 70)];
    const kept = dwellStateSchema.parse(JSON.parse(JSON.stringify(sittingInA)));
    const fromKept = geofenceTransitionsOf({ statusId: loaded, fences, state: kept, positions });
    const fromMemory = geofenceTransitionsOf({
      statusId: loaded,
      fences,
      state: sittingInA,
      positions,
    });
    expect(fromKept).toEqual(fromMemory);
    expect(fromKept.transitions.map((transition) => transition.statusId)).toEqual([toJob, onJob]);
  });

  it('runs the clock after a batch when given the time', () => {
    const out = geofenceTransitionsOf({
      statusId: toJob,
      fences,
      state: sittingInA,
      positions: [fix(road(4_000), 20), fix(inJob, 30)],
      now: time(90),
    });
    expect(out.transitions).toEqual([{ statusId: onJob, at: time(60) }]);
  });
});

describe('R-GPS-8: positions in recordedAt order; stale ones change nothing', () => {
  it('a position older than the last one, or at the same time, is ignored', () => {
    const halfway = trace(toJob, [fix(road(4_000), 0), fix(inJob, 10)], sittingInA).state;
    for (const stale of [fix(inJob, 9), fix(inJob, 10), fix(inJob, -600)]) {
      const step = nextGeofenceStep({ statusId: toJob, fences, state: halfway, position: stale });
      expect(step).toEqual({ state: halfway, transition: null });
      expect(step.state).toBe(halfway);
    }
  });

  it('a position without a readable time or place is ignored', () => {
    for (const position of [
      { ...fix(inJob, 20), recordedAt: 'yesterday' },
      { ...fix(inJob, 20), latitude: Number.NaN },
      { ...fix(inJob, 20), latitude: 91 },
      { ...fix(inJob, 20), longitude: -181 },
    ]) {
      const step = nextGeofenceStep({ statusId: toJob, fences, state: sittingInA, position });
      expect(step.state).toBe(sittingInA);
      expect(step.transition).toBeNull();
    }
  });

  it('sorts a batch by recordedAt: the order it travelled in is no evidence', () => {
    const positions = [
      fix(inJob, 70),
      fix(road(2_000), 40),
      { ...fix(inA, 50), recordedAt: 'not a time' },
      fix(inJob, 60),
      fix(road(1_000), 30),
    ];
    const out = geofenceTransitionsOf({ statusId: loaded, fences, state: sittingInA, positions });
    expect(out.transitions).toEqual([
      { statusId: toJob, at: time(40) },
      { statusId: onJob, at: time(70) },
    ]);
  });

  it('positions in any order never roll a status back nor go back in time', () => {
    // A day's fixes every 10 s, round the loop; the driver presses Unloading once On job.
    const path = [
      inA,
      inA,
      road(500),
      road(1_000),
      road(3_000),
      inJob,
      inJob,
      inJob,
      road(4_000),
      road(6_000),
      inB,
      inB,
      inB,
    ];
    const day = path.map((where, index) => fix(where, index * 10));
    const forward: Partial<Record<TruckStatusId, readonly TruckStatusId[]>> = {
      [loading]: [toJob],
      [loaded]: [toJob],
      [toJob]: [onJob],
      [unloading]: [toPlant],
      [washing]: [toPlant],
      [toPlant]: [inYard],
    };
    fc.assert(
      fc.property(fc.shuffledSubarray(day, { minLength: 1 }), (arrival) => {
        let state = initialDwellState;
        let statusId: TruckStatusId = loaded;
        let latest = -Infinity;
        let lastAt = -Infinity;
        for (const position of arrival) {
          const step = nextGeofenceStep({ statusId, fences, state, position });
          const atMs = Date.parse(position.recordedAt as string);
          if (atMs <= latest) {
            expect(step.state).toBe(state);
            expect(step.transition).toBeNull();
          }
          latest = Math.max(latest, atMs);
          if (step.transition) {
            expect(forward[statusId]).toContain(step.transition.statusId);
            expect(step.transition.at.getTime()).toBeGreaterThan(lastAt);
            lastAt = step.transition.at.getTime();
            statusId = step.transition.statusId === onJob ? unloading : step.transition.statusId;
          }
          state = step.state;
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('R-GPS-9: a fix less accurate than a fence is wide does not count for it', () => {
  it('two vague fixes at the job are not a crossing; accurate ones are', () => {
    const vague = trace(toJob, [fix(inJob, 10, 200), fix(inJob, 20, 151)], sittingInA);
    expect(vague.statuses).toEqual([null, null]);
    expect(trace(toJob, [fix(inJob, 30, 150), fix(inJob, 40, 20)], vague.state).statuses).toEqual([
      null,
      onJob,
    ]);
  });

  it('nor cancel one: a vague fix outside leaves the pending crossing as it was', () => {
    const run = trace(
      toJob,
      [fix(inJob, 10), fix(road(3_000), 15, 400), fix(inJob, 20)],
      sittingInA,
    );
    expect(run.statuses).toEqual([null, null, onJob]);
  });

  it('counts for a fence wider than its error: leaving the 200 m plant on 180 m fixes', () => {
    const run = trace(loaded, [fix(road(1_000), 20, 180), fix(road(2_000), 30, 180)], sittingInA);
    expect(run.statuses).toEqual([null, toJob]);
  });
});
