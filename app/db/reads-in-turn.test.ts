import { describe, expect, test } from "vitest";

import { stopsAfter } from "./reads-in-turn";

const rows = (...ids: number[]) => ids.map((id) => ({ id }));

/** How many of `answers` a list of reads runs before `stop` ends it. */
function answersRun(stop: Parameters<typeof stopsAfter>[0], answers: ReturnType<typeof rows>[]) {
  const stops = stopsAfter(stop);
  const index = answers.findIndex((answer) => stops(answer));
  return index === -1 ? answers.length : index + 1;
}

describe("reads run in turn", () => {
  test("with no rule, every read runs", () => {
    expect(answersRun({}, [rows(), rows(1, 2), rows(3)])).toBe(3);
  });

  test("a probe that finds nothing ends the list; one that finds something does not", () => {
    expect(answersRun({ firstIsProbe: true }, [rows(), rows(1), rows(2)])).toBe(1);
    expect(answersRun({ firstIsProbe: true }, [rows(1), rows(1), rows(2)])).toBe(3);
  });

  test("the list ends once its distinct ids, with those known before, reach the bound", () => {
    const stop = { enoughIds: { bound: 3, known: [] } };
    expect(answersRun(stop, [rows(1, 2), rows(2, 1), rows(3), rows(4)])).toBe(3);
    expect(answersRun({ enoughIds: { bound: 3, known: [7, 8] } }, [rows(8), rows(9), rows(10)])).toBe(2);
    expect(answersRun({ enoughIds: { bound: 3, known: [7, 8, 9] } }, [rows(1), rows(2)])).toBe(1);
  });

  test("a probe's parts are not counted: it only says whether there is anything to read", () => {
    const stop = { firstIsProbe: true, enoughIds: { bound: 2, known: [5] } };
    expect(answersRun(stop, [rows(6), rows(5), rows(6), rows(7)])).toBe(3);
    // Parts enough before the list: the probe runs, then nothing else.
    expect(answersRun({ firstIsProbe: true, enoughIds: { bound: 1, known: [5] } }, [rows(6), rows(7)])).toBe(1);
  });
});
