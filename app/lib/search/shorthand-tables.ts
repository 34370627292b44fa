/**
 * The engineering shorthand the query reader knows, as tables: the words that name a spec, the words
 * that tell a gear search from a fastener search, standard thread and module sizes, property classes
 * and bearing seal suffixes. Spec names are the catalog's (scripts/seed/catalog-data.ts); a new spec name
 * that buyers type next to a number belongs here.
 */
import type { Quantity } from "./units";

export type SpecWord = {
  /** The catalog's spec names the word stands for; a part matches on any of them. */
  names: string[];
  /** The quantity of those specs, or null for a count ("2 strands"). */
  quantity: Quantity | null;
};

const lengthSpec = (...names: string[]): SpecWord => ({ names, quantity: "length" });

/** Words that, next to a number or a measurement, say which spec it is: "8mm bore", "bore 8", "2 strands". */
export const SPEC_WORDS: ReadonlyMap<string, SpecWord> = new Map(
  Object.entries({
    bore: lengthSpec("Bore", "Bore 1", "Bore 2", "Nominal size"),
    id: lengthSpec("Bore", "Bore 1", "Bore 2"),
    od: lengthSpec("Outside diameter"),
    diameter: lengthSpec("Size", "Bore", "Outside diameter", "Nominal size"),
    dia: lengthSpec("Size", "Bore", "Outside diameter", "Nominal size"),
    width: lengthSpec("Width", "Face width", "Belt width"),
    wide: lengthSpec("Width", "Face width", "Belt width"),
    length: lengthSpec("Length", "Size"),
    long: lengthSpec("Length", "Size"),
    thick: lengthSpec("Length", "Width"),
    thickness: lengthSpec("Length", "Width"),
    pitch: lengthSpec("Pitch"),
    size: lengthSpec("Size", "Nominal size"),
    pressure: { names: ["Maximum pressure"], quantity: "pressure" },
    torque: { names: ["Rated torque"], quantity: "torque" },
    load: { names: ["Dynamic load rating"], quantity: "force" },
    weight: { names: ["Weight"], quantity: "mass" },
    angle: { names: ["Pressure angle"], quantity: "angle" },
    strand: { names: ["Strands"], quantity: null },
    strands: { names: ["Strands"], quantity: null },
  }),
);

/** Words of a gear search, where "m2" is a module. */
export const GEAR_WORDS: ReadonlySet<string> = new Set(
  [
    "gear",
    "spur",
    "helical",
    "bevel",
    "worm",
    "pinion",
    "rack",
    "module",
    "teeth",
    "tooth",
    "sprocket",
    "wheel",
  ].flatMap((word) => [word, `${word}s`]),
);

/** Words of a fastener search, where "m6" is a thread. */
export const FASTENER_WORDS: ReadonlySet<string> = new Set(
  [
    "bolt",
    "screw",
    "nut",
    "washer",
    "thread",
    "stud",
    "cap",
    "hex",
    "socket",
    "grub",
    "setscrew",
    "insert",
    "tap",
  ].flatMap((word) => [word, `${word}s`]),
);

/** ISO 261 coarse-thread nominal diameters: "m6" can be a thread only at one of these. */
export const METRIC_THREAD_SIZES: ReadonlySet<number> = new Set([
  1, 1.2, 1.4, 1.6, 1.8, 2, 2.5, 3, 3.5, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30, 33, 36, 39, 42, 45, 48,
  52, 56, 60, 64,
]);

/** ISO 54 modules, series I and II, up to 10: "m1.5" can be a module only at one of these. */
export const GEAR_MODULES: ReadonlySet<number> = new Set([
  0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.125, 1.25, 1.375, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3, 3.5, 4, 4.5, 5, 5.5, 6, 7, 8, 9, 10,
]);

/** Without words around it, "m1" to "m3" reads first as a module (thread sizes that small are rare in a shop). */
export const MODULE_FIRST_UP_TO = 3;

/** ISO 898-1 bolt classes: "8.8" alone is a grade, not a decimal. */
export const BOLT_CLASSES: ReadonlySet<string> = new Set([
  "4.6",
  "4.8",
  "5.6",
  "5.8",
  "6.8",
  "8.8",
  "9.8",
  "10.9",
  "12.9",
]);

/** ISO 898-2 nut classes, read as a grade only after "class" or "grade": "class 8". */
export const NUT_CLASSES: ReadonlySet<string> = new Set(["4", "5", "6", "8", "9", "10", "12"]);

/** ISO 3506 stainless classes: "a2" matches A2-70 as well. */
export const STAINLESS_STRENGTHS = ["50", "70", "80", "100"];

/**
 * Bearing seal suffixes as typed, each with the suffixes a part may be listed under: buyers write
 * "608rs" for a 608-2RS, and "zz" and "2z" are the same two shields by two makers' names.
 */
export const SEAL_SUFFIXES: Readonly<Record<string, string[]>> = {
  "2rs": ["2rs"],
  "2rs1": ["2rs1", "2rs"],
  "2rsh": ["2rsh", "2rs"],
  rs: ["rs", "2rs"],
  "2rz": ["2rz"],
  rz: ["rz", "2rz"],
  zz: ["zz", "2z"],
  "2z": ["2z", "zz"],
  z: ["z", "zz"],
};
