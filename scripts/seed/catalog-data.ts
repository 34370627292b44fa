/**
 * Demo catalog for Gearwright Parts: categories, parts with filterable specs,
 * GBP prices with quantity breaks, and customer reviews.
 *
 * Every part in a category carries the same spec names (built by the helpers
 * below), so a buyer can filter a category by them. Spec values never include
 * the unit. Images are SVG file names (without extension) in public/images/items.
 */

export type CatalogCategory = { slug: string; name: string; description: string; unspsc?: string };
export type CatalogSpec = { name: string; value: string; unit: string | null };
export type CatalogPart = {
  partNumber: string;
  name: string;
  category: string;
  image: string;
  description: string;
  price: number;
  priceBreaks: { minQuantity: number; price: number }[];
  minOrderQuantity: number;
  quantity: number;
  leadTimeDays: number;
  supplier: string;
  specs: CatalogSpec[];
};

export const catalogCategories: CatalogCategory[] = [
  {
    slug: "gears",
    unspsc: "31171700",
    name: "Gears",
    description: "Spur, helical, bevel and worm gears in steel and bronze for power transmission and speed reduction.",
  },
  {
    slug: "bearings",
    unspsc: "31171500",
    name: "Bearings",
    description: "Ball, roller, needle and thrust bearings plus mounted units for carrying rotating shafts.",
  },
  {
    slug: "belts-pulleys",
    name: "Belts & Pulleys",
    description: "Timing belts, V-belts and matching pulleys for quiet, low-maintenance drives between shafts.",
  },
  {
    slug: "chains-sprockets",
    name: "Chains & Sprockets",
    description: "ISO roller chain, connecting links, sprockets and tensioners for conveyors and heavy drives.",
  },
  {
    slug: "couplings",
    unspsc: "31163000",
    name: "Couplings",
    description: "Flexible and rigid shaft couplings that join motors, gearboxes and driven machines.",
  },
  {
    slug: "linear-motion",
    name: "Linear Motion",
    description:
      "Hardened shafts, linear bearings, profile rails, lead screws, ball screws and racks for straight-line motion.",
  },
  {
    slug: "fasteners",
    unspsc: "31160000",
    name: "Fasteners",
    description: "Metric bolts, cap screws, nuts and washers in standard property classes and finishes.",
  },
  {
    slug: "shaft-components",
    name: "Shaft Components",
    description: "Shaft collars, dowel pins, circlips and keys that locate and secure parts on shafts.",
  },
  {
    slug: "hydraulics",
    name: "Hydraulics",
    description: "Cylinders, hose assemblies, adaptors and gauges for hydraulic circuits up to 400 bar.",
  },
];

const spec = (name: string, value: string, unit: string | null = null): CatalogSpec => ({ name, value, unit });

/** Gears: Type, Module, Teeth, Bore, Face width, Pressure angle, Material. */
const gearSpecs = (
  type: string,
  module: string,
  teeth: string,
  bore: string,
  faceWidth: string,
  pressureAngle: string,
  material: string,
) => [
  spec("Type", type),
  spec("Module", module),
  spec("Teeth", teeth),
  spec("Bore", bore, "mm"),
  spec("Face width", faceWidth, "mm"),
  spec("Pressure angle", pressureAngle, "°"),
  spec("Material", material),
];

/** Bearings: Type, Bore, Outside diameter, Width, Seal, Dynamic load rating, Material. */
const bearingSpecs = (
  type: string,
  bore: string,
  outside: string,
  width: string,
  seal: string,
  loadRating: string,
  material: string,
) => [
  spec("Type", type),
  spec("Bore", bore, "mm"),
  spec("Outside diameter", outside, "mm"),
  spec("Width", width, "mm"),
  spec("Seal", seal),
  spec("Dynamic load rating", loadRating, "kN"),
  spec("Material", material),
];

/** Belts & pulleys: Type, Profile, Belt width, Size (belt length or pulley diameter), Material. */
const beltSpecs = (type: string, profile: string, beltWidth: string, size: string, material: string) => [
  spec("Type", type),
  spec("Profile", profile),
  spec("Belt width", beltWidth, "mm"),
  spec("Size", size, "mm"),
  spec("Material", material),
];

/** Chains & sprockets: Type, Chain size, Pitch, Strands, Material. */
const chainSpecs = (type: string, chainSize: string, pitch: string, strands: string, material: string) => [
  spec("Type", type),
  spec("Chain size", chainSize),
  spec("Pitch", pitch, "mm"),
  spec("Strands", strands),
  spec("Material", material),
];

/** Couplings: Type, Bore 1, Bore 2, Outside diameter, Length, Rated torque, Material. */
const couplingSpecs = (
  type: string,
  bore1: string,
  bore2: string,
  outside: string,
  length: string,
  torque: string,
  material: string,
) => [
  spec("Type", type),
  spec("Bore 1", bore1, "mm"),
  spec("Bore 2", bore2, "mm"),
  spec("Outside diameter", outside, "mm"),
  spec("Length", length, "mm"),
  spec("Rated torque", torque, "Nm"),
  spec("Material", material),
];

/** Linear motion: Type, Size (shaft/screw diameter or rail/rack width), Length, Material, Tolerance class. */
const linearSpecs = (type: string, size: string, length: string, material: string, tolerance: string) => [
  spec("Type", type),
  spec("Size", size, "mm"),
  spec("Length", length, "mm"),
  spec("Material", material),
  spec("Tolerance class", tolerance),
];

/** Fasteners: Type, Thread, Length (nut height / washer thickness), Property class, Finish, Standard. */
const fastenerSpecs = (
  type: string,
  thread: string,
  length: string,
  propertyClass: string,
  finish: string,
  standard: string,
) => [
  spec("Type", type),
  spec("Thread", thread),
  spec("Length", length, "mm"),
  spec("Property class", propertyClass),
  spec("Finish", finish),
  spec("Standard", standard),
];

/** Shaft components: Type, Size (shaft or pin diameter, key width), Length (axial), Material, Finish, Standard. */
const shaftSpecs = (type: string, size: string, length: string, material: string, finish: string, standard: string) => [
  spec("Type", type),
  spec("Size", size, "mm"),
  spec("Length", length, "mm"),
  spec("Material", material),
  spec("Finish", finish),
  spec("Standard", standard),
];

/** Hydraulics: Type, Connection, Maximum pressure, Nominal size (bore, DN or dial), Material, Weight. */
const hydraulicSpecs = (
  type: string,
  connection: string,
  maxPressure: string,
  nominalSize: string,
  material: string,
  weight: string,
) => [
  spec("Type", type),
  spec("Connection", connection),
  spec("Maximum pressure", maxPressure, "bar"),
  spec("Nominal size", nominalSize, "mm"),
  spec("Material", material),
  spec("Weight", weight, "kg"),
];

export const catalogParts: CatalogPart[] = [
  // ---------------------------------------------------------------- Gears
  {
    partNumber: "GW-SG-M1-20",
    name: "Spur Gear, Module 1, 20 Teeth",
    category: "gears",
    image: "spur-gear",
    description:
      "C45 steel spur gear, module 1 with 20 teeth (20 mm pitch diameter), an 8 mm plain bore and 10 mm face width. Hobbed teeth with a 20° pressure angle for light drives and instrument gearing.",
    price: 11.8,
    priceBreaks: [
      { minQuantity: 10, price: 10.6 },
      { minQuantity: 50, price: 9.4 },
    ],
    minOrderQuantity: 1,
    quantity: 340,
    leadTimeDays: 5,
    supplier: "Gearwright Works",
    specs: gearSpecs("Spur", "1", "20", "8", "10", "20", "C45 steel"),
  },
  {
    partNumber: "GW-SG-M1-30",
    name: "Spur Gear, Module 1, 30 Teeth",
    category: "gears",
    image: "spur-gear",
    description:
      "C45 steel spur gear, module 1 with 30 teeth (30 mm pitch diameter), an 8 mm bore in a hub with an M4 set screw and 10 mm face width. Runs 1.5:1 with the 20-tooth module 1 gear.",
    price: 13.9,
    priceBreaks: [
      { minQuantity: 10, price: 12.5 },
      { minQuantity: 50, price: 11.2 },
    ],
    minOrderQuantity: 1,
    quantity: 260,
    leadTimeDays: 5,
    supplier: "Gearwright Works",
    specs: gearSpecs("Spur", "1", "30", "8", "10", "20", "C45 steel"),
  },
  {
    partNumber: "GW-SG-M1P5-36",
    name: "Spur Gear, Module 1.5, 36 Teeth",
    category: "gears",
    image: "spur-gear",
    description:
      "C45 steel spur gear, module 1.5 with 36 teeth (54 mm pitch diameter), a 12 mm bore and 15 mm face width. Induction-hardened teeth for medium-duty feed and indexing drives.",
    price: 24.9,
    priceBreaks: [
      { minQuantity: 10, price: 22.4 },
      { minQuantity: 50, price: 20.1 },
    ],
    minOrderQuantity: 1,
    quantity: 0,
    leadTimeDays: 12,
    supplier: "Gearwright Works",
    specs: gearSpecs("Spur", "1.5", "36", "12", "15", "20", "C45 steel"),
  },
  {
    partNumber: "GW-SG-M2-20",
    name: "Spur Gear, Module 2, 20 Teeth",
    category: "gears",
    image: "spur-gear",
    description:
      "C45 steel spur pinion, module 2 with 20 teeth (40 mm pitch diameter), a 15 mm bore and 20 mm face width. Meshes 2:1 with the 40-tooth module 2 gear and with module 2 racks.",
    price: 21.6,
    priceBreaks: [
      { minQuantity: 10, price: 19.4 },
      { minQuantity: 50, price: 17.5 },
    ],
    minOrderQuantity: 1,
    quantity: 95,
    leadTimeDays: 7,
    supplier: "Gearwright Works",
    specs: gearSpecs("Spur", "2", "20", "15", "20", "20", "C45 steel"),
  },
  {
    partNumber: "GW-SG-M2-40",
    name: "Spur Gear, 40 Teeth, Module 2",
    category: "gears",
    image: "spur-gear",
    description:
      "Hardened 42CrMo4 steel spur gear, module 2 with 40 teeth (80 mm pitch diameter), a 20 mm keyed bore and 20 mm face width. Ground teeth with a 20° pressure angle for quiet running in gearboxes and feed drives.",
    price: 34.5,
    priceBreaks: [
      { minQuantity: 10, price: 31.5 },
      { minQuantity: 25, price: 29 },
    ],
    minOrderQuantity: 1,
    quantity: 120,
    leadTimeDays: 10,
    supplier: "Gearwright Works",
    specs: gearSpecs("Spur", "2", "40", "20", "20", "20", "42CrMo4 steel"),
  },
  {
    partNumber: "GW-HG-M1-25",
    name: "Helical Gear, Module 1, 25 Teeth",
    category: "gears",
    image: "helical-gear",
    description:
      "C45 steel helical gear, normal module 1 with 25 teeth and a 15° right-hand helix, 8 mm bore and 10 mm face width. Quieter than a spur gear of the same size in small high-speed drives.",
    price: 18.4,
    priceBreaks: [{ minQuantity: 10, price: 16.6 }],
    minOrderQuantity: 1,
    quantity: 75,
    leadTimeDays: 8,
    supplier: "Gearwright Works",
    specs: gearSpecs("Helical", "1", "25", "8", "10", "20", "C45 steel"),
  },
  {
    partNumber: "GW-HG-M2-20-40",
    name: "Helical Gear Pair, 1:2 Ratio",
    category: "gears",
    image: "helical-gear",
    description:
      "Matched pair of case-hardened 16MnCr5 helical gears, module 2 with 20 and 40 teeth, a 15° helix angle and 20 mm bores. Smoother and quieter than spur gears at high speed; supplied with thrust washers.",
    price: 89,
    priceBreaks: [{ minQuantity: 5, price: 82 }],
    minOrderQuantity: 1,
    quantity: 45,
    leadTimeDays: 10,
    supplier: "Gearwright Works",
    specs: gearSpecs("Helical pair", "2", "20/40", "20", "25", "20", "16MnCr5 steel"),
  },
  {
    partNumber: "GW-BG-M3-25",
    name: "Straight Bevel Gear Set, 90°",
    category: "gears",
    image: "bevel-gear",
    description:
      "Right-angle bevel gear set in carburised 16MnCr5 steel for turning a drive through 90 degrees. Module 3, 25 teeth on each gear for a 1:1 ratio, 25 mm bores, lapped in pairs.",
    price: 64.25,
    priceBreaks: [{ minQuantity: 5, price: 59.5 }],
    minOrderQuantity: 1,
    quantity: 60,
    leadTimeDays: 14,
    supplier: "Ridgeline Gear Co.",
    specs: gearSpecs("Bevel pair", "3", "25", "25", "18", "20", "16MnCr5 steel"),
  },
  {
    partNumber: "GW-WG-M2-30",
    name: "Worm Gear Set, 30:1",
    category: "gears",
    image: "worm-gear-set",
    description:
      "Phosphor-bronze worm wheel with 30 teeth and a hardened steel single-start worm, module 2, for a 30:1 reduction in one stage. 20 mm wheel bore; self-locking for hoists and indexing tables.",
    price: 112,
    priceBreaks: [],
    minOrderQuantity: 1,
    quantity: 25,
    leadTimeDays: 18,
    supplier: "Ridgeline Gear Co.",
    specs: gearSpecs("Worm pair", "2", "30", "20", "20", "20", "Phosphor bronze and steel"),
  },

  // ---------------------------------------------------------------- Bearings
  {
    partNumber: "GW-BB-6204-2RS",
    name: "Deep Groove Ball Bearing 6204-2RS",
    category: "bearings",
    image: "ball-bearing",
    description:
      "20 x 47 x 14 mm sealed deep groove ball bearing in 100Cr6 chrome steel, greased for life. The everyday bearing for motors, pumps and conveyors.",
    price: 6.8,
    priceBreaks: [
      { minQuantity: 10, price: 6.1 },
      { minQuantity: 50, price: 5.4 },
    ],
    minOrderQuantity: 1,
    quantity: 800,
    leadTimeDays: 4,
    supplier: "Norda Bearings",
    specs: bearingSpecs("Deep groove ball", "20", "47", "14", "2RS", "13.5", "100Cr6 chrome steel"),
  },
  {
    partNumber: "GW-BB-6204-ZZ",
    name: "Deep Groove Ball Bearing 6204-ZZ",
    category: "bearings",
    image: "ball-bearing",
    description:
      "20 x 47 x 14 mm deep groove ball bearing in 100Cr6 chrome steel with steel shields on both sides. Lower friction than rubber seals for higher speeds in clean, dry housings.",
    price: 6.2,
    priceBreaks: [
      { minQuantity: 10, price: 5.6 },
      { minQuantity: 50, price: 5 },
    ],
    minOrderQuantity: 1,
    quantity: 420,
    leadTimeDays: 4,
    supplier: "Norda Bearings",
    specs: bearingSpecs("Deep groove ball", "20", "47", "14", "ZZ", "13.5", "100Cr6 chrome steel"),
  },
  {
    partNumber: "GW-BB-6205-2RS",
    name: "Deep Groove Ball Bearing 6205-2RS",
    category: "bearings",
    image: "ball-bearing",
    description:
      "25 x 52 x 15 mm sealed deep groove ball bearing in 100Cr6 chrome steel, greased for life. Fits 25 mm shafts in gearboxes, fans and conveyor rollers.",
    price: 7.4,
    priceBreaks: [
      { minQuantity: 10, price: 6.7 },
      { minQuantity: 50, price: 6 },
    ],
    minOrderQuantity: 1,
    quantity: 610,
    leadTimeDays: 4,
    supplier: "Norda Bearings",
    specs: bearingSpecs("Deep groove ball", "25", "52", "15", "2RS", "14.8", "100Cr6 chrome steel"),
  },
  {
    partNumber: "GW-BB-6305-2RS",
    name: "Deep Groove Ball Bearing 6305-2RS",
    category: "bearings",
    image: "ball-bearing",
    description:
      "25 x 62 x 17 mm medium-series sealed ball bearing in 100Cr6 chrome steel. Carries about 60 percent more load than a 6205 on the same 25 mm shaft.",
    price: 11.2,
    priceBreaks: [
      { minQuantity: 10, price: 10.1 },
      { minQuantity: 50, price: 9.1 },
    ],
    minOrderQuantity: 1,
    quantity: 0,
    leadTimeDays: 7,
    supplier: "Norda Bearings",
    specs: bearingSpecs("Deep groove ball", "25", "62", "17", "2RS", "23.4", "100Cr6 chrome steel"),
  },
  {
    partNumber: "GW-BB-608-2RS",
    name: "Deep Groove Ball Bearing 608-2RS",
    category: "bearings",
    image: "ball-bearing",
    description:
      "8 x 22 x 7 mm miniature sealed ball bearing in 100Cr6 chrome steel. Suits 8 mm shafts in idlers, small gear trains and 3D printer and CNC builds.",
    price: 2.9,
    priceBreaks: [
      { minQuantity: 10, price: 2.5 },
      { minQuantity: 100, price: 2.1 },
    ],
    minOrderQuantity: 1,
    quantity: 1500,
    leadTimeDays: 4,
    supplier: "Norda Bearings",
    specs: bearingSpecs("Deep groove ball", "8", "22", "7", "2RS", "3.45", "100Cr6 chrome steel"),
  },
  {
    partNumber: "GW-TR-30205",
    name: "Tapered Roller Bearing 30205",
    category: "bearings",
    image: "tapered-roller-bearing",
    description:
      "25 x 52 x 16.25 mm tapered roller bearing in 100Cr6 chrome steel that carries combined radial and axial loads. Sold as cone and cup, ready for wheel hubs and gear shafts.",
    price: 14.9,
    priceBreaks: [
      { minQuantity: 10, price: 13.4 },
      { minQuantity: 50, price: 12.1 },
    ],
    minOrderQuantity: 1,
    quantity: 240,
    leadTimeDays: 6,
    supplier: "Norda Bearings",
    specs: bearingSpecs("Tapered roller", "25", "52", "16.25", "Open", "32.5", "100Cr6 chrome steel"),
  },
  {
    partNumber: "GW-PB-UCP205",
    name: "Pillow Block Bearing UCP205",
    category: "bearings",
    image: "pillow-block-bearing",
    description:
      "Cast iron housing with a 25 mm bore UC205 insert bearing (52 mm OD, 34.1 mm wide), set screws and a grease nipple. Bolts straight onto a frame to carry a shaft.",
    price: 18.4,
    priceBreaks: [
      { minQuantity: 10, price: 16.6 },
      { minQuantity: 25, price: 15.2 },
    ],
    minOrderQuantity: 1,
    quantity: 150,
    leadTimeDays: 6,
    supplier: "Norda Bearings",
    specs: bearingSpecs(
      "Pillow block unit",
      "25",
      "52",
      "34.1",
      "Lip seal",
      "14",
      "Cast iron housing, chrome steel insert",
    ),
  },
  {
    partNumber: "GW-FB-UCFL204",
    name: "Two-Bolt Flange Bearing UCFL204",
    category: "bearings",
    image: "flanged-bearing",
    description:
      "Oval cast iron flange housing with a 20 mm bore UC204 insert bearing locked by two set screws. Mounts on a wall or frame side with two M10 bolts and can be regreased.",
    price: 15.6,
    priceBreaks: [
      { minQuantity: 10, price: 14.1 },
      { minQuantity: 25, price: 12.9 },
    ],
    minOrderQuantity: 1,
    quantity: 130,
    leadTimeDays: 6,
    supplier: "Norda Bearings",
    specs: bearingSpecs("Flange unit", "20", "47", "31", "Lip seal", "12.8", "Cast iron housing, chrome steel insert"),
  },
  {
    partNumber: "GW-NB-HK2016",
    name: "Drawn Cup Needle Bearing HK2016",
    category: "bearings",
    image: "needle-bearing",
    description:
      "Thin-section drawn cup needle roller bearing for a 20 mm shaft, 26 mm OD and 16 mm wide, with open ends. Press into a bored housing and run directly on a hardened shaft.",
    price: 4.2,
    priceBreaks: [
      { minQuantity: 10, price: 3.8 },
      { minQuantity: 50, price: 3.4 },
    ],
    minOrderQuantity: 1,
    quantity: 380,
    leadTimeDays: 5,
    supplier: "Norda Bearings",
    specs: bearingSpecs("Needle roller", "20", "26", "16", "Open", "11", "Case-hardened steel"),
  },
  {
    partNumber: "GW-AX-51105",
    name: "Thrust Ball Bearing 51105",
    category: "bearings",
    image: "thrust-bearing",
    description:
      "Single direction thrust ball bearing, 25 x 42 x 11 mm, in 100Cr6 chrome steel with shaft and housing washers and a steel cage. Takes axial load in one direction only, e.g. under turntables and screw jacks.",
    price: 5.8,
    priceBreaks: [
      { minQuantity: 10, price: 5.2 },
      { minQuantity: 50, price: 4.7 },
    ],
    minOrderQuantity: 1,
    quantity: 140,
    leadTimeDays: 10,
    supplier: "Norda Bearings",
    specs: bearingSpecs("Thrust ball", "25", "42", "11", "Open", "15.9", "100Cr6 chrome steel"),
  },

  // ---------------------------------------------------------------- Belts & pulleys
  {
    partNumber: "GW-TP-5M-20-15",
    name: "HTD 5M Timing Pulley, 20 Teeth",
    category: "belts-pulleys",
    image: "timing-pulley",
    description:
      "Aluminium timing pulley with 20 teeth for 15 mm wide HTD 5M belts, 31.83 mm pitch diameter, with flanges and a 6 mm pilot bore ready to machine.",
    price: 17.4,
    priceBreaks: [
      { minQuantity: 10, price: 15.7 },
      { minQuantity: 25, price: 14.5 },
    ],
    minOrderQuantity: 1,
    quantity: 140,
    leadTimeDays: 6,
    supplier: "Axia Drives",
    specs: beltSpecs("Timing pulley", "HTD 5M", "15", "31.83", "Aluminium"),
  },
  {
    partNumber: "GW-TP-5M-30-15",
    name: "HTD 5M Timing Pulley, 30 Teeth",
    category: "belts-pulleys",
    image: "timing-pulley",
    description:
      "Aluminium timing pulley with 30 teeth for 15 mm wide HTD 5M belts, 47.75 mm pitch diameter, with flanges and an 8 mm pilot bore ready to machine. For positive, slip-free drives.",
    price: 22.75,
    priceBreaks: [
      { minQuantity: 10, price: 20.5 },
      { minQuantity: 25, price: 18.9 },
    ],
    minOrderQuantity: 1,
    quantity: 90,
    leadTimeDays: 6,
    supplier: "Axia Drives",
    specs: beltSpecs("Timing pulley", "HTD 5M", "15", "47.75", "Aluminium"),
  },
  {
    partNumber: "GW-TP-5M-40-15",
    name: "HTD 5M Timing Pulley, 40 Teeth",
    category: "belts-pulleys",
    image: "timing-pulley",
    description:
      "Aluminium timing pulley with 40 teeth for 15 mm wide HTD 5M belts, 63.66 mm pitch diameter, with flanges and an 8 mm pilot bore. Gives a 2:1 reduction with the 20-tooth pulley.",
    price: 28.9,
    priceBreaks: [
      { minQuantity: 10, price: 26 },
      { minQuantity: 25, price: 24.1 },
    ],
    minOrderQuantity: 1,
    quantity: 0,
    leadTimeDays: 14,
    supplier: "Axia Drives",
    specs: beltSpecs("Timing pulley", "HTD 5M", "15", "63.66", "Aluminium"),
  },
  {
    partNumber: "GW-TB-450-5M-15",
    name: "HTD 5M Timing Belt 450-5M-15",
    category: "belts-pulleys",
    image: "timing-belt",
    description:
      "Neoprene timing belt with glass fibre tension cords and nylon-faced teeth, 450 mm pitch length (90 teeth) and 15 mm wide. Runs on HTD 5M pulleys for slip-free drives.",
    price: 12.6,
    priceBreaks: [
      { minQuantity: 10, price: 11.3 },
      { minQuantity: 50, price: 10.1 },
    ],
    minOrderQuantity: 1,
    quantity: 210,
    leadTimeDays: 5,
    supplier: "Axia Drives",
    specs: beltSpecs("Timing belt", "HTD 5M", "15", "450", "Neoprene, glass fibre cords"),
  },
  {
    partNumber: "GW-TB-600-5M-15",
    name: "HTD 5M Timing Belt 600-5M-15",
    category: "belts-pulleys",
    image: "timing-belt",
    description:
      "Neoprene timing belt with glass fibre tension cords and nylon-faced teeth, 600 mm pitch length (120 teeth) and 15 mm wide, for HTD 5M pulleys.",
    price: 15.2,
    priceBreaks: [
      { minQuantity: 10, price: 13.7 },
      { minQuantity: 50, price: 12.3 },
    ],
    minOrderQuantity: 1,
    quantity: 160,
    leadTimeDays: 5,
    supplier: "Axia Drives",
    specs: beltSpecs("Timing belt", "HTD 5M", "15", "600", "Neoprene, glass fibre cords"),
  },
  {
    partNumber: "GW-VB-A42",
    name: "Classical V-Belt A-42",
    category: "belts-pulleys",
    image: "v-belt",
    description:
      "Wrapped rubber V-belt in A section, 13 mm top width and 1067 mm inside length. Oil and heat resistant for compressors, fans and machine tools.",
    price: 9.6,
    priceBreaks: [
      { minQuantity: 10, price: 8.6 },
      { minQuantity: 50, price: 7.8 },
    ],
    minOrderQuantity: 1,
    quantity: 300,
    leadTimeDays: 4,
    supplier: "Axia Drives",
    specs: beltSpecs("Classical V-belt", "A", "13", "1067", "Wrapped CR rubber"),
  },
  {
    partNumber: "GW-VB-A50",
    name: "Classical V-Belt A-50",
    category: "belts-pulleys",
    image: "v-belt",
    description:
      "Wrapped rubber V-belt in A section, 13 mm top width and 1270 mm inside length. Oil and heat resistant; match sets from one batch for multi-groove drives.",
    price: 10.9,
    priceBreaks: [
      { minQuantity: 10, price: 9.8 },
      { minQuantity: 50, price: 8.8 },
    ],
    minOrderQuantity: 1,
    quantity: 180,
    leadTimeDays: 4,
    supplier: "Axia Drives",
    specs: beltSpecs("Classical V-belt", "A", "13", "1270", "Wrapped CR rubber"),
  },
  {
    partNumber: "GW-VB-SPZ1000",
    name: "Wedge Belt SPZ 1000",
    category: "belts-pulleys",
    image: "v-belt",
    description:
      "Narrow wedge belt in SPZ section, 10 mm top width and 1000 mm pitch length. Transmits more power than a classical belt of the same width on SPZ pulleys.",
    price: 8.4,
    priceBreaks: [
      { minQuantity: 10, price: 7.6 },
      { minQuantity: 50, price: 6.9 },
    ],
    minOrderQuantity: 1,
    quantity: 230,
    leadTimeDays: 4,
    supplier: "Axia Drives",
    specs: beltSpecs("Wedge belt", "SPZ", "10", "1000", "Wrapped CR rubber"),
  },
  {
    partNumber: "GW-VP-A-125-1",
    name: "V-Belt Pulley, A Section, 125 mm, 1 Groove",
    category: "belts-pulleys",
    image: "v-belt-pulley",
    description:
      "GG20 cast iron single groove pulley for A section belts with a 125 mm pitch diameter, bored for a 1610 taper bush (14 to 42 mm shafts). Balanced for belt speeds up to 30 m/s.",
    price: 21.5,
    priceBreaks: [{ minQuantity: 10, price: 19.4 }],
    minOrderQuantity: 1,
    quantity: 65,
    leadTimeDays: 7,
    supplier: "Axia Drives",
    specs: beltSpecs("V-belt pulley", "A", "13", "125", "GG20 cast iron"),
  },
  {
    partNumber: "GW-IP-40-15",
    name: "Flanged Idler Pulley, 40 mm, for 15 mm Belts",
    category: "belts-pulleys",
    image: "idler-pulley",
    description:
      "Aluminium flanged idler with a 40 mm smooth running diameter for belts up to 15 mm wide, running on two sealed ball bearings with a 12 mm bore. Runs on the back of timing belts to increase wrap or take up slack.",
    price: 14.8,
    priceBreaks: [{ minQuantity: 10, price: 13.3 }],
    minOrderQuantity: 1,
    quantity: 120,
    leadTimeDays: 6,
    supplier: "Axia Drives",
    specs: beltSpecs("Idler pulley", "Plain", "15", "40", "Aluminium"),
  },

  // ---------------------------------------------------------------- Chains & sprockets
  {
    partNumber: "GW-RC-06B1-5M",
    name: "Roller Chain 06B-1, 5 m",
    category: "chains-sprockets",
    image: "roller-chain",
    description:
      "3/8 inch (9.525 mm) pitch simplex roller chain to ISO 606 in carbon steel, 5 m with a connecting link. Pre-lubricated, for light conveyors and packaging machines.",
    price: 29.5,
    priceBreaks: [
      { minQuantity: 5, price: 27 },
      { minQuantity: 10, price: 25.2 },
    ],
    minOrderQuantity: 1,
    quantity: 55,
    leadTimeDays: 5,
    supplier: "Axia Drives",
    specs: chainSpecs("Roller chain", "06B-1", "9.525", "1", "Carbon steel"),
  },
  {
    partNumber: "GW-RC-08B1-5M",
    name: "Roller Chain 08B-1, 5 m",
    category: "chains-sprockets",
    image: "roller-chain",
    description:
      "1/2 inch (12.7 mm) pitch simplex roller chain to ISO 606 in carbon steel, 5 m with a connecting link. Pre-lubricated, for conveyors and power transmission.",
    price: 41,
    priceBreaks: [
      { minQuantity: 5, price: 37.5 },
      { minQuantity: 10, price: 34.8 },
    ],
    minOrderQuantity: 1,
    quantity: 70,
    leadTimeDays: 5,
    supplier: "Axia Drives",
    specs: chainSpecs("Roller chain", "08B-1", "12.7", "1", "Carbon steel"),
  },
  {
    partNumber: "GW-RC-08B2-5M",
    name: "Duplex Roller Chain 08B-2, 5 m",
    category: "chains-sprockets",
    image: "roller-chain",
    description:
      "1/2 inch (12.7 mm) pitch duplex roller chain to ISO 606 in carbon steel, 5 m with a connecting link. Nearly twice the load capacity of simplex 08B-1 on duplex sprockets.",
    price: 78,
    priceBreaks: [{ minQuantity: 5, price: 72 }],
    minOrderQuantity: 1,
    quantity: 0,
    leadTimeDays: 14,
    supplier: "Axia Drives",
    specs: chainSpecs("Roller chain", "08B-2", "12.7", "2", "Carbon steel"),
  },
  {
    partNumber: "GW-RC-10B1-5M",
    name: "Roller Chain 10B-1, 5 m",
    category: "chains-sprockets",
    image: "roller-chain",
    description:
      "5/8 inch (15.875 mm) pitch simplex roller chain to ISO 606 in carbon steel, 5 m with a connecting link. For heavier conveyors, agricultural drives and lifting gear.",
    price: 52,
    priceBreaks: [{ minQuantity: 5, price: 48 }],
    minOrderQuantity: 1,
    quantity: 30,
    leadTimeDays: 7,
    supplier: "Axia Drives",
    specs: chainSpecs("Roller chain", "10B-1", "15.875", "1", "Carbon steel"),
  },
  {
    partNumber: "GW-CL-08B1",
    name: "Connecting Link 08B-1",
    category: "chains-sprockets",
    image: "roller-chain",
    description:
      "Spring clip connecting link for 08B-1 simplex roller chain, 12.7 mm pitch, in carbon steel. Joins a cut chain without riveting; keep a few with every spare chain.",
    price: 1.45,
    priceBreaks: [
      { minQuantity: 25, price: 1.25 },
      { minQuantity: 100, price: 1.05 },
    ],
    minOrderQuantity: 5,
    quantity: 900,
    leadTimeDays: 4,
    supplier: "Axia Drives",
    specs: chainSpecs("Connecting link", "08B-1", "12.7", "1", "Carbon steel"),
  },
  {
    partNumber: "GW-SP-06B1-15",
    name: "Sprocket 06B-1, 15 Teeth",
    category: "chains-sprockets",
    image: "sprocket",
    description:
      "C45 steel sprocket with hub for 06B-1 chain, 15 teeth, 45.81 mm pitch diameter and a 10 mm pilot bore ready to machine.",
    price: 9.9,
    priceBreaks: [{ minQuantity: 10, price: 8.9 }],
    minOrderQuantity: 1,
    quantity: 85,
    leadTimeDays: 6,
    supplier: "Gearwright Works",
    specs: chainSpecs("Sprocket", "06B-1", "9.525", "1", "C45 steel"),
  },
  {
    partNumber: "GW-SP-08B1-17",
    name: "Sprocket 08B-1, 17 Teeth",
    category: "chains-sprockets",
    image: "sprocket",
    description:
      "C45 steel sprocket with hub for 08B-1 chain, 17 teeth, 69.12 mm pitch diameter and a 12 mm pilot bore ready to machine. Induction-hardened teeth.",
    price: 13.2,
    priceBreaks: [{ minQuantity: 10, price: 11.9 }],
    minOrderQuantity: 1,
    quantity: 110,
    leadTimeDays: 6,
    supplier: "Gearwright Works",
    specs: chainSpecs("Sprocket", "08B-1", "12.7", "1", "C45 steel"),
  },
  {
    partNumber: "GW-SP-08B1-25",
    name: "Sprocket 08B-1, 25 Teeth",
    category: "chains-sprockets",
    image: "sprocket",
    description:
      "C45 steel sprocket with hub for 08B-1 chain, 25 teeth, 101.33 mm pitch diameter and a 16 mm pilot bore ready to machine. Pairs with the 17-tooth sprocket for a 1.47:1 reduction.",
    price: 19.8,
    priceBreaks: [{ minQuantity: 10, price: 17.8 }],
    minOrderQuantity: 1,
    quantity: 60,
    leadTimeDays: 6,
    supplier: "Gearwright Works",
    specs: chainSpecs("Sprocket", "08B-1", "12.7", "1", "C45 steel"),
  },
  {
    partNumber: "GW-CT-08B1",
    name: "Chain Tensioner for 08B-1",
    category: "chains-sprockets",
    image: "chain-tensioner",
    description:
      "Spring-loaded swing arm tensioner in zinc plated steel with a 13-tooth idler sprocket on a sealed bearing, for 08B-1 chain. Keeps slack out of long or vertical drives; mounts with two M10 bolts.",
    price: 36.5,
    priceBreaks: [{ minQuantity: 5, price: 33.5 }],
    minOrderQuantity: 1,
    quantity: 40,
    leadTimeDays: 8,
    supplier: "Axia Drives",
    specs: chainSpecs("Tensioner", "08B-1", "12.7", "1", "Zinc plated steel"),
  },

  // ---------------------------------------------------------------- Couplings
  {
    partNumber: "GW-JC-L075-14-19",
    name: "Jaw Coupling L-075, 14 x 19 mm",
    category: "couplings",
    image: "flexible-coupling",
    description:
      "Two sintered iron hubs bored 14 mm and 19 mm with a polyurethane spider that damps shock and takes small misalignment. 45 mm diameter and 54 mm long, for small motors and pumps.",
    price: 19.5,
    priceBreaks: [
      { minQuantity: 5, price: 17.9 },
      { minQuantity: 10, price: 16.6 },
    ],
    minOrderQuantity: 1,
    quantity: 150,
    leadTimeDays: 5,
    supplier: "Coupleworks",
    specs: couplingSpecs("Jaw coupling", "14", "19", "45", "54", "10", "Sintered iron, polyurethane spider"),
  },
  {
    partNumber: "GW-JC-L090-19-19",
    name: "Jaw Coupling L-090, 19 x 19 mm",
    category: "couplings",
    image: "flexible-coupling",
    description:
      "Two sintered iron hubs, both bored 19 mm, with a polyurethane spider. 53 mm diameter and 54 mm long; a common size between 0.75 kW motors and gearboxes.",
    price: 22.8,
    priceBreaks: [
      { minQuantity: 5, price: 20.9 },
      { minQuantity: 10, price: 19.4 },
    ],
    minOrderQuantity: 1,
    quantity: 0,
    leadTimeDays: 10,
    supplier: "Coupleworks",
    specs: couplingSpecs("Jaw coupling", "19", "19", "53", "54", "16", "Sintered iron, polyurethane spider"),
  },
  {
    partNumber: "GW-JC-L100-19-24",
    name: "Jaw Coupling L-100",
    category: "couplings",
    image: "flexible-coupling",
    description:
      "Two cast iron hubs bored 19 mm and 24 mm with a polyurethane spider that absorbs shock and small misalignment between motor and gearbox shafts. 64 mm diameter and 88 mm long.",
    price: 27.3,
    priceBreaks: [
      { minQuantity: 5, price: 25.1 },
      { minQuantity: 10, price: 23.4 },
    ],
    minOrderQuantity: 1,
    quantity: 110,
    leadTimeDays: 5,
    supplier: "Coupleworks",
    specs: couplingSpecs("Jaw coupling", "19", "24", "64", "88", "23", "Cast iron, polyurethane spider"),
  },
  {
    partNumber: "GW-RG-8-10",
    name: "Rigid Clamp Coupling, 8 x 10 mm",
    category: "couplings",
    image: "rigid-coupling",
    description:
      "One-piece aluminium clamp coupling joining an 8 mm and a 10 mm shaft, 25 mm diameter and 30 mm long. Zero backlash for stepper motors driving lead screws on well-aligned shafts.",
    price: 9.8,
    priceBreaks: [{ minQuantity: 10, price: 8.8 }],
    minOrderQuantity: 1,
    quantity: 240,
    leadTimeDays: 5,
    supplier: "Coupleworks",
    specs: couplingSpecs("Rigid", "8", "10", "25", "30", "4", "Aluminium"),
  },
  {
    partNumber: "GW-RG-20-20",
    name: "Rigid Clamp Coupling, 20 x 20 mm",
    category: "couplings",
    image: "rigid-coupling",
    description:
      "One-piece clamp-style rigid coupling in black-oxide C45 steel for two 20 mm shafts, 45 mm diameter and 66 mm long, with four M6 clamp screws. No backlash; for accurately aligned shafts only.",
    price: 24.6,
    priceBreaks: [{ minQuantity: 5, price: 22.6 }],
    minOrderQuantity: 1,
    quantity: 70,
    leadTimeDays: 5,
    supplier: "Coupleworks",
    specs: couplingSpecs("Rigid", "20", "20", "45", "66", "95", "C45 steel"),
  },
  {
    partNumber: "GW-OC-10-14",
    name: "Oldham Coupling, 10 x 14 mm",
    category: "couplings",
    image: "oldham-coupling",
    description:
      "Aluminium clamp hubs bored 10 mm and 14 mm with an acetal centre disc that slides to take up parallel offset. Electrically insulating, 33 mm diameter and 45 mm long, for encoders, pumps and screw drives.",
    price: 21.8,
    priceBreaks: [{ minQuantity: 5, price: 19.9 }],
    minOrderQuantity: 1,
    quantity: 60,
    leadTimeDays: 7,
    supplier: "Coupleworks",
    specs: couplingSpecs("Oldham", "10", "14", "33", "45", "4", "Aluminium, acetal disc"),
  },
  {
    partNumber: "GW-BC-8-8",
    name: "Helical Beam Coupling, 8 x 8 mm",
    category: "couplings",
    image: "beam-coupling",
    description:
      "One-piece aluminium beam coupling with a spiral-cut flexure and clamp hubs for two 8 mm shafts, 25 mm diameter and 32 mm long. Zero backlash; takes small angular misalignment in stepper and servo drives.",
    price: 14.2,
    priceBreaks: [{ minQuantity: 10, price: 12.8 }],
    minOrderQuantity: 1,
    quantity: 95,
    leadTimeDays: 5,
    supplier: "Coupleworks",
    specs: couplingSpecs("Beam", "8", "8", "25", "32", "1.2", "Aluminium"),
  },
  {
    partNumber: "GW-GC-28-28",
    name: "Gear Coupling, 28 x 28 mm",
    category: "couplings",
    image: "gear-coupling",
    description:
      "Double engagement gear coupling: two crowned-tooth C45 steel hubs bored 28 mm inside bolted flanged sleeves, 98 mm diameter and 86 mm long. Carries high torque with angular and parallel misalignment; grease filled.",
    price: 118,
    priceBreaks: [],
    minOrderQuantity: 1,
    quantity: 0,
    leadTimeDays: 21,
    supplier: "Coupleworks",
    specs: couplingSpecs("Gear", "28", "28", "98", "86", "400", "C45 steel"),
  },

  // ---------------------------------------------------------------- Linear motion
  {
    partNumber: "GW-LS-16-500",
    name: "Hardened Linear Shaft 16 mm x 500 mm",
    category: "linear-motion",
    image: "linear-shaft",
    description:
      "Induction-hardened, ground and chrome-plated Cf53 steel shaft, 16 mm diameter (h6 tolerance) and 500 mm long, for linear bearings and guide systems. Cut to length on request.",
    price: 31.2,
    priceBreaks: [
      { minQuantity: 5, price: 28.5 },
      { minQuantity: 10, price: 26.4 },
    ],
    minOrderQuantity: 1,
    quantity: 85,
    leadTimeDays: 6,
    supplier: "Linea Motion",
    specs: linearSpecs("Linear shaft", "16", "500", "Cf53 steel, hard chrome", "h6"),
  },
  {
    partNumber: "GW-LS-16-1000",
    name: "Hardened Linear Shaft 16 mm x 1000 mm",
    category: "linear-motion",
    image: "linear-shaft",
    description:
      "Induction-hardened, ground and chrome-plated Cf53 steel shaft, 16 mm diameter (h6 tolerance) and 1000 mm long. Straightness 0.1 mm per metre; cut to length on request.",
    price: 54,
    priceBreaks: [{ minQuantity: 5, price: 49.5 }],
    minOrderQuantity: 1,
    quantity: 40,
    leadTimeDays: 6,
    supplier: "Linea Motion",
    specs: linearSpecs("Linear shaft", "16", "1000", "Cf53 steel, hard chrome", "h6"),
  },
  {
    partNumber: "GW-LS-20-500",
    name: "Hardened Linear Shaft 20 mm x 500 mm",
    category: "linear-motion",
    image: "linear-shaft",
    description:
      "Induction-hardened, ground and chrome-plated Cf53 steel shaft, 20 mm diameter (h6 tolerance) and 500 mm long, for LM20UU bearings and heavier slides.",
    price: 38.5,
    priceBreaks: [{ minQuantity: 5, price: 35.2 }],
    minOrderQuantity: 1,
    quantity: 0,
    leadTimeDays: 8,
    supplier: "Linea Motion",
    specs: linearSpecs("Linear shaft", "20", "500", "Cf53 steel, hard chrome", "h6"),
  },
  {
    partNumber: "GW-LB-LM16UU",
    name: "Linear Ball Bearing LM16UU",
    category: "linear-motion",
    image: "linear-bearing",
    description:
      "Closed linear ball bushing for 16 mm shafts, 28 mm OD and 37 mm long, in bearing steel with a polymer retainer, recirculating ball circuits and seals at both ends.",
    price: 4.9,
    priceBreaks: [
      { minQuantity: 10, price: 4.4 },
      { minQuantity: 50, price: 3.9 },
    ],
    minOrderQuantity: 1,
    quantity: 320,
    leadTimeDays: 5,
    supplier: "Linea Motion",
    specs: linearSpecs("Linear bearing", "16", "37", "Bearing steel, polymer retainer", "Normal"),
  },
  {
    partNumber: "GW-LB-LM20UU",
    name: "Linear Ball Bearing LM20UU",
    category: "linear-motion",
    image: "linear-bearing",
    description:
      "Closed linear ball bushing for 20 mm shafts, 32 mm OD and 42 mm long, in bearing steel with a polymer retainer and seals at both ends. Press into a housing or pillow block.",
    price: 6.4,
    priceBreaks: [
      { minQuantity: 10, price: 5.8 },
      { minQuantity: 50, price: 5.2 },
    ],
    minOrderQuantity: 1,
    quantity: 210,
    leadTimeDays: 5,
    supplier: "Linea Motion",
    specs: linearSpecs("Linear bearing", "20", "42", "Bearing steel, polymer retainer", "Normal"),
  },
  {
    partNumber: "GW-LR-15-500",
    name: "Profile Rail Guide, Size 15, 500 mm, with Carriage",
    category: "linear-motion",
    image: "linear-rail",
    description:
      "Hardened steel profile rail, 15 mm wide and 500 mm long, with one flanged four-row ball carriage and end seals. Light preload for rigid, precise guidance on machine beds and gantries.",
    price: 68,
    priceBreaks: [{ minQuantity: 5, price: 62.5 }],
    minOrderQuantity: 1,
    quantity: 34,
    leadTimeDays: 9,
    supplier: "Linea Motion",
    specs: linearSpecs("Profile rail guide", "15", "500", "Hardened bearing steel", "Normal"),
  },
  {
    partNumber: "GW-LR-15-1000",
    name: "Profile Rail Guide, Size 15, 1000 mm, with Carriage",
    category: "linear-motion",
    image: "linear-rail",
    description:
      "Hardened steel profile rail, 15 mm wide and 1000 mm long, with one flanged four-row ball carriage and end seals. Mounting holes at 60 mm pitch; extra carriages available.",
    price: 104,
    priceBreaks: [{ minQuantity: 5, price: 96 }],
    minOrderQuantity: 1,
    quantity: 16,
    leadTimeDays: 9,
    supplier: "Linea Motion",
    specs: linearSpecs("Profile rail guide", "15", "1000", "Hardened bearing steel", "Normal"),
  },
  {
    partNumber: "GW-TS-TR16X4-1000",
    name: "Trapezoidal Lead Screw Tr16x4, 1 m",
    category: "linear-motion",
    image: "lead-screw",
    description:
      "Rolled C15 steel lead screw, 16 mm diameter and 1000 mm long, with a bronze nut for slides and lifting tables. 4 mm lead, right-hand thread, machinable ends.",
    price: 38.9,
    priceBreaks: [{ minQuantity: 5, price: 35.5 }],
    minOrderQuantity: 1,
    quantity: 40,
    leadTimeDays: 7,
    supplier: "Linea Motion",
    specs: linearSpecs("Lead screw", "16", "1000", "C15 steel, bronze nut", "7e"),
  },
  {
    partNumber: "GW-BS-1605-500",
    name: "Ball Screw SFU1605, 500 mm",
    category: "linear-motion",
    image: "ball-screw",
    description:
      "Rolled 50CrMo4 ball screw, 16 mm diameter with 5 mm lead and a flanged single ball nut, 500 mm long. C7 accuracy, ends machined for BK12 and BF12 supports.",
    price: 62,
    priceBreaks: [{ minQuantity: 5, price: 57 }],
    minOrderQuantity: 1,
    quantity: 28,
    leadTimeDays: 12,
    supplier: "Linea Motion",
    specs: linearSpecs("Ball screw", "16", "500", "50CrMo4 steel", "C7"),
  },
  {
    partNumber: "GW-GR-M2-500",
    name: "Gear Rack, Module 2, 20 x 20 x 500 mm",
    category: "linear-motion",
    image: "rack-gear",
    description:
      "Straight-tooth C45 steel gear rack, module 2, 20 x 20 mm section and 500 mm long, with ends machined so lengths can be butted together. Meshes with module 2 spur gears such as GW-SG-M2-20.",
    price: 29.8,
    priceBreaks: [{ minQuantity: 5, price: 27.2 }],
    minOrderQuantity: 1,
    quantity: 45,
    leadTimeDays: 10,
    supplier: "Gearwright Works",
    specs: linearSpecs("Gear rack", "20", "500", "C45 steel", "DIN 8"),
  },

  // ---------------------------------------------------------------- Fasteners
  {
    partNumber: "GW-HB-SET-M6-M12",
    name: "Hex Bolt Assortment, Grade 8.8",
    category: "fasteners",
    image: "hex-bolt-set",
    description:
      "420 zinc-plated hex bolts, nuts and washers from M6 to M12 in a sorted case. Property class 8.8 steel bolts from 16 to 60 mm long, for machine frames and guards.",
    price: 48,
    priceBreaks: [{ minQuantity: 5, price: 44 }],
    minOrderQuantity: 1,
    quantity: 55,
    leadTimeDays: 5,
    supplier: "Fastline Supply",
    specs: fastenerSpecs("Assortment", "M6 to M12", "16 to 60", "8.8", "Zinc plated", "ISO 4017"),
  },
  {
    partNumber: "GW-HB-M6-20-88",
    name: "Hex Bolt M6 x 20, Grade 8.8",
    category: "fasteners",
    image: "hex-bolt",
    description:
      "Fully threaded hex head bolt, M6 x 20 mm, property class 8.8 steel, zinc plated, to ISO 4017 (DIN 933). 10 mm across flats.",
    price: 0.14,
    priceBreaks: [
      { minQuantity: 250, price: 0.12 },
      { minQuantity: 1000, price: 0.1 },
    ],
    minOrderQuantity: 50,
    quantity: 6000,
    leadTimeDays: 3,
    supplier: "Fastline Supply",
    specs: fastenerSpecs("Hex bolt", "M6", "20", "8.8", "Zinc plated", "ISO 4017"),
  },
  {
    partNumber: "GW-HB-M8-25-88",
    name: "Hex Bolt M8 x 25, Grade 8.8",
    category: "fasteners",
    image: "hex-bolt",
    description:
      "Fully threaded hex head bolt, M8 x 25 mm, property class 8.8 steel, zinc plated, to ISO 4017 (DIN 933). 13 mm across flats.",
    price: 0.21,
    priceBreaks: [
      { minQuantity: 250, price: 0.18 },
      { minQuantity: 1000, price: 0.15 },
    ],
    minOrderQuantity: 50,
    quantity: 4200,
    leadTimeDays: 3,
    supplier: "Fastline Supply",
    specs: fastenerSpecs("Hex bolt", "M8", "25", "8.8", "Zinc plated", "ISO 4017"),
  },
  {
    partNumber: "GW-HB-M10-50-88",
    name: "Hex Bolt M10 x 50, Grade 8.8",
    category: "fasteners",
    image: "hex-bolt",
    description:
      "Part-threaded hex head bolt, M10 x 50 mm with a 26 mm thread length, property class 8.8 steel, zinc plated, to ISO 4014 (DIN 931). 16 mm across flats.",
    price: 0.46,
    priceBreaks: [
      { minQuantity: 100, price: 0.4 },
      { minQuantity: 500, price: 0.34 },
    ],
    minOrderQuantity: 25,
    quantity: 1800,
    leadTimeDays: 3,
    supplier: "Fastline Supply",
    specs: fastenerSpecs("Hex bolt", "M10", "50", "8.8", "Zinc plated", "ISO 4014"),
  },
  {
    partNumber: "GW-SC-M6-16-A2",
    name: "Socket Head Cap Screw M6 x 16, Stainless A2-70",
    category: "fasteners",
    image: "socket-cap-screw",
    description:
      "Hexagon socket head cap screw, M6 x 16 mm, in A2-70 (304) stainless steel to ISO 4762. For guards, food machinery and outdoor frames; 5 mm hex key.",
    price: 0.24,
    priceBreaks: [
      { minQuantity: 250, price: 0.2 },
      { minQuantity: 1000, price: 0.17 },
    ],
    minOrderQuantity: 50,
    quantity: 3000,
    leadTimeDays: 3,
    supplier: "Fastline Supply",
    specs: fastenerSpecs("Socket head cap screw", "M6", "16", "A2-70", "Plain", "ISO 4762"),
  },
  {
    partNumber: "GW-SC-M6-20-129",
    name: "Socket Head Cap Screw M6 x 20, Grade 12.9",
    category: "fasteners",
    image: "socket-cap-screw",
    description:
      "Hexagon socket head cap screw, M6 x 20 mm, property class 12.9 alloy steel with a black oxide finish, to ISO 4762 (DIN 912). 5 mm hex key.",
    price: 0.19,
    priceBreaks: [
      { minQuantity: 250, price: 0.16 },
      { minQuantity: 1000, price: 0.13 },
    ],
    minOrderQuantity: 50,
    quantity: 5200,
    leadTimeDays: 3,
    supplier: "Fastline Supply",
    specs: fastenerSpecs("Socket head cap screw", "M6", "20", "12.9", "Black oxide", "ISO 4762"),
  },
  {
    partNumber: "GW-SC-M8-30-129",
    name: "Socket Head Cap Screw M8 x 30, Grade 12.9",
    category: "fasteners",
    image: "socket-cap-screw",
    description:
      "Hexagon socket head cap screw, M8 x 30 mm, property class 12.9 alloy steel with a black oxide finish, to ISO 4762 (DIN 912). 6 mm hex key.",
    price: 0.32,
    priceBreaks: [
      { minQuantity: 250, price: 0.27 },
      { minQuantity: 1000, price: 0.23 },
    ],
    minOrderQuantity: 25,
    quantity: 2600,
    leadTimeDays: 3,
    supplier: "Fastline Supply",
    specs: fastenerSpecs("Socket head cap screw", "M8", "30", "12.9", "Black oxide", "ISO 4762"),
  },
  {
    partNumber: "GW-HN-M6-8",
    name: "Hex Nut M6, Class 8",
    category: "fasteners",
    image: "hex-nut",
    description:
      "Hexagon full nut, M6, property class 8 steel, zinc plated, to ISO 4032 (DIN 934). 10 mm across flats and 5.2 mm high; pairs with M6 grade 8.8 bolts.",
    price: 0.06,
    priceBreaks: [
      { minQuantity: 500, price: 0.05 },
      { minQuantity: 2000, price: 0.04 },
    ],
    minOrderQuantity: 50,
    quantity: 9000,
    leadTimeDays: 3,
    supplier: "Fastline Supply",
    specs: fastenerSpecs("Hex nut", "M6", "5.2", "8", "Zinc plated", "ISO 4032"),
  },
  {
    partNumber: "GW-HN-M8-8",
    name: "Hex Nut M8, Class 8",
    category: "fasteners",
    image: "hex-nut",
    description:
      "Hexagon full nut, M8, property class 8 steel, zinc plated, to ISO 4032 (DIN 934). 13 mm across flats and 6.8 mm high; pairs with M8 grade 8.8 bolts.",
    price: 0.08,
    priceBreaks: [
      { minQuantity: 500, price: 0.07 },
      { minQuantity: 2000, price: 0.06 },
    ],
    minOrderQuantity: 50,
    quantity: 0,
    leadTimeDays: 4,
    supplier: "Fastline Supply",
    specs: fastenerSpecs("Hex nut", "M8", "6.8", "8", "Zinc plated", "ISO 4032"),
  },
  {
    partNumber: "GW-FW-M8-200HV",
    name: "Flat Washer M8, 200 HV",
    category: "fasteners",
    image: "washer",
    description:
      "Plain flat washer for M8 bolts, 8.4 mm hole, 16 mm OD and 1.6 mm thick, in 200 HV steel, zinc plated, to ISO 7089 (DIN 125 A).",
    price: 0.04,
    priceBreaks: [{ minQuantity: 500, price: 0.03 }],
    minOrderQuantity: 50,
    quantity: 12000,
    leadTimeDays: 3,
    supplier: "Fastline Supply",
    specs: fastenerSpecs("Flat washer", "M8", "1.6", "200 HV", "Zinc plated", "ISO 7089"),
  },

  // ---------------------------------------------------------------- Shaft components
  {
    partNumber: "GW-SCL-8",
    name: "Split Shaft Collar 8 mm",
    category: "shaft-components",
    image: "shaft-collar",
    description:
      "One-piece clamp collar for 8 mm shafts in black-oxide C45 steel, 18 mm OD and 9 mm wide, with an M3 cap screw. Clamps evenly without marking the shaft.",
    price: 3.4,
    priceBreaks: [
      { minQuantity: 25, price: 3 },
      { minQuantity: 100, price: 2.6 },
    ],
    minOrderQuantity: 5,
    quantity: 380,
    leadTimeDays: 4,
    supplier: "Fastline Supply",
    specs: shaftSpecs("Split clamp collar", "8", "9", "C45 steel", "Black oxide", "Manufacturer standard"),
  },
  {
    partNumber: "GW-SCL-16",
    name: "Split Shaft Collar 16 mm",
    category: "shaft-components",
    image: "shaft-collar",
    description:
      "One-piece clamp collar for 16 mm shafts in black-oxide C45 steel, 33 mm OD and 11 mm wide, with an M4 cap screw. A neat end stop on 16 mm linear shafts.",
    price: 4.3,
    priceBreaks: [
      { minQuantity: 25, price: 3.85 },
      { minQuantity: 100, price: 3.4 },
    ],
    minOrderQuantity: 5,
    quantity: 0,
    leadTimeDays: 6,
    supplier: "Fastline Supply",
    specs: shaftSpecs("Split clamp collar", "16", "11", "C45 steel", "Black oxide", "Manufacturer standard"),
  },
  {
    partNumber: "GW-SCL-20",
    name: "Split Shaft Collar 20 mm",
    category: "shaft-components",
    image: "shaft-collar",
    description:
      "Black-oxide C45 steel two-piece clamp collar for 20 mm shafts, 40 mm OD and 13 mm wide, with M5 cap screws. Holds parts on a shaft without marking it and fits without taking the shaft out.",
    price: 4.95,
    priceBreaks: [
      { minQuantity: 10, price: 4.45 },
      { minQuantity: 50, price: 3.95 },
    ],
    minOrderQuantity: 1,
    quantity: 500,
    leadTimeDays: 4,
    supplier: "Fastline Supply",
    specs: shaftSpecs("Split clamp collar", "20", "13", "C45 steel", "Black oxide", "Manufacturer standard"),
  },
  {
    partNumber: "GW-SSC-20",
    name: "Set Screw Shaft Collar 20 mm, DIN 705",
    category: "shaft-components",
    image: "shaft-collar",
    description:
      "Solid shaft collar to DIN 705 A for 20 mm shafts, 32 mm OD and 14 mm wide, with an M6 grub screw. Zinc plated free-cutting steel; the low-cost choice where marking the shaft does not matter.",
    price: 2.1,
    priceBreaks: [
      { minQuantity: 50, price: 1.85 },
      { minQuantity: 200, price: 1.6 },
    ],
    minOrderQuantity: 10,
    quantity: 640,
    leadTimeDays: 4,
    supplier: "Fastline Supply",
    specs: shaftSpecs("Set screw collar", "20", "14", "Free-cutting steel", "Zinc plated", "DIN 705"),
  },
  {
    partNumber: "GW-DP-6-30",
    name: "Dowel Pin 6 x 30 mm, m6",
    category: "shaft-components",
    image: "dowel-pin",
    description:
      "Hardened and ground parallel dowel pin, 6 mm diameter (m6 tolerance) and 30 mm long, to ISO 8734 (DIN 6325). One chamfered and one rounded end for locating fixtures and housings.",
    price: 0.18,
    priceBreaks: [
      { minQuantity: 100, price: 0.15 },
      { minQuantity: 500, price: 0.12 },
    ],
    minOrderQuantity: 25,
    quantity: 2400,
    leadTimeDays: 3,
    supplier: "Fastline Supply",
    specs: shaftSpecs("Dowel pin", "6", "30", "Hardened 100Cr6 steel", "Bright", "ISO 8734"),
  },
  {
    partNumber: "GW-DP-8-40",
    name: "Dowel Pin 8 x 40 mm, m6",
    category: "shaft-components",
    image: "dowel-pin",
    description:
      "Hardened and ground parallel dowel pin, 8 mm diameter (m6 tolerance) and 40 mm long, to ISO 8734 (DIN 6325). For locating gearbox halves, bearing housings and jigs.",
    price: 0.32,
    priceBreaks: [
      { minQuantity: 100, price: 0.27 },
      { minQuantity: 500, price: 0.23 },
    ],
    minOrderQuantity: 25,
    quantity: 1500,
    leadTimeDays: 3,
    supplier: "Fastline Supply",
    specs: shaftSpecs("Dowel pin", "8", "40", "Hardened 100Cr6 steel", "Bright", "ISO 8734"),
  },
  {
    partNumber: "GW-RR-20-E",
    name: "External Circlip 20 mm, DIN 471",
    category: "shaft-components",
    image: "circlip",
    description:
      "External retaining ring for 20 mm shafts, 1.2 mm thick, in phosphated spring steel to DIN 471. Sits in a 19 mm groove to hold bearings and pulleys in place; fit with circlip pliers.",
    price: 0.09,
    priceBreaks: [
      { minQuantity: 250, price: 0.07 },
      { minQuantity: 1000, price: 0.06 },
    ],
    minOrderQuantity: 50,
    quantity: 5000,
    leadTimeDays: 3,
    supplier: "Fastline Supply",
    specs: shaftSpecs("External circlip", "20", "1.2", "Spring steel", "Phosphated", "DIN 471"),
  },
  {
    partNumber: "GW-PK-6X6-30",
    name: "Parallel Key 6 x 6 x 30 mm, Form A",
    category: "shaft-components",
    image: "parallel-key",
    description:
      "Round-ended parallel key, 6 x 6 mm section and 30 mm long, in bright C45 steel to DIN 6885 A. Suits shafts from 17 to 22 mm diameter.",
    price: 0.38,
    priceBreaks: [
      { minQuantity: 50, price: 0.32 },
      { minQuantity: 200, price: 0.27 },
    ],
    minOrderQuantity: 10,
    quantity: 1200,
    leadTimeDays: 3,
    supplier: "Fastline Supply",
    specs: shaftSpecs("Parallel key", "6", "30", "C45 steel", "Bright", "DIN 6885"),
  },

  // ---------------------------------------------------------------- Hydraulics
  {
    partNumber: "GW-HC-32-20-100",
    name: "Double-Acting Hydraulic Cylinder 32/20-100",
    category: "hydraulics",
    image: "hydraulic-cylinder",
    description:
      "32 mm bore, 20 mm rod and 100 mm stroke, rated to 210 bar. Tie-rod construction with G 1/4 ports, clevis mounts at both ends and NBR seals for mineral oil.",
    price: 154,
    priceBreaks: [],
    minOrderQuantity: 1,
    quantity: 22,
    leadTimeDays: 14,
    supplier: "Hydrona",
    specs: hydraulicSpecs("Double-acting cylinder", "G 1/4", "210", "32", "Steel tube, hard chrome rod", "2.4"),
  },
  {
    partNumber: "GW-HC-40-25-200",
    name: "Double-Acting Hydraulic Cylinder 40/25-200",
    category: "hydraulics",
    image: "hydraulic-cylinder",
    description:
      "40 mm bore, 25 mm rod and 200 mm stroke, rated to 210 bar. Tie-rod construction with G 1/4 ports, clevis mounts at both ends and NBR seals for mineral oil.",
    price: 189,
    priceBreaks: [],
    minOrderQuantity: 1,
    quantity: 18,
    leadTimeDays: 14,
    supplier: "Hydrona",
    specs: hydraulicSpecs("Double-acting cylinder", "G 1/4", "210", "40", "Steel tube, hard chrome rod", "4.6"),
  },
  {
    partNumber: "GW-HC-50-30-300",
    name: "Double-Acting Hydraulic Cylinder 50/30-300",
    category: "hydraulics",
    image: "hydraulic-cylinder",
    description:
      "50 mm bore, 30 mm rod and 300 mm stroke, rated to 210 bar. Tie-rod construction with G 3/8 ports, clevis mounts at both ends and NBR seals for mineral oil.",
    price: 268,
    priceBreaks: [],
    minOrderQuantity: 1,
    quantity: 0,
    leadTimeDays: 21,
    supplier: "Hydrona",
    specs: hydraulicSpecs("Double-acting cylinder", "G 3/8", "210", "50", "Steel tube, hard chrome rod", "8.1"),
  },
  {
    partNumber: "GW-HH-2SN-06-500",
    name: "Hydraulic Hose Assembly 2SN DN6, 0.5 m",
    category: "hydraulics",
    image: "hydraulic-hose",
    description:
      "Two-wire braided hose to EN 853 2SN, 6 mm (1/4 inch) bore and 500 mm long, with crimped G 1/4 female swivel fittings at both ends. 400 bar working pressure, pressure tested.",
    price: 24.2,
    priceBreaks: [
      { minQuantity: 5, price: 21.9 },
      { minQuantity: 10, price: 20.6 },
    ],
    minOrderQuantity: 1,
    quantity: 75,
    leadTimeDays: 5,
    supplier: "Hydrona",
    specs: hydraulicSpecs("Hose assembly", "G 1/4", "400", "6", "NBR tube, steel wire braid", "0.26"),
  },
  {
    partNumber: "GW-HH-2SN-10-1000",
    name: "Hydraulic Hose Assembly 2SN DN10, 1 m",
    category: "hydraulics",
    image: "hydraulic-hose",
    description:
      "Two-wire braided hose to EN 853 2SN, 10 mm (3/8 inch) bore and 1000 mm long, with crimped G 3/8 female swivel fittings at both ends. 330 bar working pressure, pressure tested.",
    price: 34.8,
    priceBreaks: [
      { minQuantity: 5, price: 31.5 },
      { minQuantity: 10, price: 29.8 },
    ],
    minOrderQuantity: 1,
    quantity: 48,
    leadTimeDays: 5,
    supplier: "Hydrona",
    specs: hydraulicSpecs("Hose assembly", "G 3/8", "330", "10", "NBR tube, steel wire braid", "0.62"),
  },
  {
    partNumber: "GW-HF-G14-G14",
    name: "Straight Male Adaptor G 1/4",
    category: "hydraulics",
    image: "hydraulic-fitting",
    description:
      "Zinc-nickel plated steel adaptor with G 1/4 BSPP male threads at both ends and a 19 mm hexagon, rated to 400 bar. Supplied with two bonded seals.",
    price: 3.2,
    priceBreaks: [
      { minQuantity: 25, price: 2.85 },
      { minQuantity: 100, price: 2.5 },
    ],
    minOrderQuantity: 5,
    quantity: 340,
    leadTimeDays: 4,
    supplier: "Hydrona",
    specs: hydraulicSpecs("Straight adaptor", "G 1/4", "400", "6", "Zinc-nickel plated steel", "0.04"),
  },
  {
    partNumber: "GW-HF-G38-G38",
    name: "Straight Male Adaptor G 3/8",
    category: "hydraulics",
    image: "hydraulic-fitting",
    description:
      "Zinc-nickel plated steel adaptor with G 3/8 BSPP male threads at both ends and a 22 mm hexagon, rated to 400 bar. Supplied with two bonded seals.",
    price: 4.6,
    priceBreaks: [
      { minQuantity: 25, price: 4.1 },
      { minQuantity: 100, price: 3.6 },
    ],
    minOrderQuantity: 5,
    quantity: 260,
    leadTimeDays: 4,
    supplier: "Hydrona",
    specs: hydraulicSpecs("Straight adaptor", "G 3/8", "400", "10", "Zinc-nickel plated steel", "0.08"),
  },
  {
    partNumber: "GW-HF-G38-90",
    name: "90° Elbow Adaptor G 3/8",
    category: "hydraulics",
    image: "hydraulic-fitting",
    description:
      "Forged zinc-nickel plated steel 90 degree elbow with G 3/8 BSPP male threads at both ends, rated to 350 bar. Turns a hose run tight against a cylinder or manifold.",
    price: 7.8,
    priceBreaks: [
      { minQuantity: 10, price: 7 },
      { minQuantity: 50, price: 6.2 },
    ],
    minOrderQuantity: 1,
    quantity: 90,
    leadTimeDays: 9,
    supplier: "Hydrona",
    specs: hydraulicSpecs("Elbow adaptor", "G 3/8", "350", "10", "Zinc-nickel plated steel", "0.14"),
  },
  {
    partNumber: "GW-PG-63-250",
    name: "Pressure Gauge 63 mm, 0-250 bar",
    category: "hydraulics",
    image: "pressure-gauge",
    description:
      "Glycerine-filled pressure gauge with a 63 mm dial reading 0 to 250 bar, stainless steel case and a brass G 1/4 bottom connection. The damped needle stays readable on pulsating pump pressure.",
    price: 18.9,
    priceBreaks: [{ minQuantity: 5, price: 17.2 }],
    minOrderQuantity: 1,
    quantity: 64,
    leadTimeDays: 6,
    supplier: "Hydrona",
    specs: hydraulicSpecs("Pressure gauge", "G 1/4", "250", "63", "Stainless steel case, brass connection", "0.21"),
  },
  {
    partNumber: "GW-PG-63-400",
    name: "Pressure Gauge 63 mm, 0-400 bar",
    category: "hydraulics",
    image: "pressure-gauge",
    description:
      "Glycerine-filled pressure gauge with a 63 mm dial reading 0 to 400 bar, stainless steel case and a brass G 1/4 bottom connection, for high-pressure circuits and test points.",
    price: 19.9,
    priceBreaks: [{ minQuantity: 5, price: 18.1 }],
    minOrderQuantity: 1,
    quantity: 38,
    leadTimeDays: 6,
    supplier: "Hydrona",
    specs: hydraulicSpecs("Pressure gauge", "G 1/4", "400", "63", "Stainless steel case, brass connection", "0.21"),
  },
];

export const catalogReviews: { partNumber: string | null; name: string; rating: 1 | 2 | 3 | 4 | 5; review: string }[] =
  [
    {
      partNumber: "GW-SG-M2-40",
      name: "Marta Keller",
      rating: 5,
      review:
        "The spur gears arrived ground and deburred, and they ran quietly from the first hour. Our feed drive has never been this smooth.",
    },
    {
      partNumber: "GW-BB-6204-2RS",
      name: "Daniel Osei",
      rating: 4,
      review:
        "Good bearings at a fair price. Delivery took a day longer than promised, but everything was packed well and labelled.",
    },
    {
      partNumber: "GW-WG-M2-30",
      name: "Priya Natarajan",
      rating: 5,
      review:
        "Ordered a worm gear set for a hoist rebuild. Exactly to the drawing, and the support team answered my fit question the same day.",
    },
    {
      partNumber: "GW-JC-L100-19-24",
      name: "Tomás Rivera",
      rating: 4,
      review:
        "The jaw couplings took up the misalignment our old rigid ones could not. Would like more spider hardness options.",
    },
    {
      partNumber: "GW-RC-08B1-5M",
      name: "Hannah Schultz",
      rating: 5,
      review:
        "We switched our conveyor chain supply here. Consistent quality across three orders so far, and the stock figures are accurate.",
    },
    {
      partNumber: "GW-TS-TR16X4-1000",
      name: "Kenji Watanabe",
      rating: 3,
      review: "Lead screw is fine but the nut needed a little running in. Price is good for the length.",
    },
    {
      partNumber: "GW-LR-15-500",
      name: "Siobhan Gallagher",
      rating: 5,
      review:
        "Rail arrived straight and oiled in a proper tube. Carriage preload feels even along the full 500 mm, and two of them went onto our router gantry without shimming.",
    },
    {
      partNumber: "GW-HC-40-25-200",
      name: "Oluwaseun Adeyemi",
      rating: 4,
      review:
        "Solid cylinder for a small press retrofit; ports and clevis pins were exactly as drawn. One star off because the rod-end pin came without a retaining clip.",
    },
    {
      partNumber: "GW-SC-M6-20-129",
      name: "Rhys Morgan",
      rating: 5,
      review:
        "Five hundred cap screws, every socket clean and every head marked 12.9. The black oxide is even and there is no rust after a month on the shop shelf.",
    },
    {
      partNumber: "GW-HH-2SN-10-1000",
      name: "Agnieszka Nowak",
      rating: 4,
      review:
        "Hoses were crimped neatly and came with a pressure test tag. Would be five stars if this length were also offered with a 90 degree end.",
    },
    {
      partNumber: "GW-TP-5M-30-15",
      name: "Faisal Rahman",
      rating: 3,
      review:
        "Well made pulley, but the 8 mm pilot bore was tight and needed a reamer before it would slide onto the motor shaft. Teeth and flanges are fine.",
    },
    {
      partNumber: "GW-OC-10-14",
      name: "Lucy Chen",
      rating: 5,
      review:
        "Fitted the Oldham couplings to an encoder and a small gear pump. The acetal disc keeps the encoder electrically isolated, which cured a signal noise problem for us.",
    },
    {
      partNumber: "GW-BS-1605-500",
      name: "Mateus Oliveira",
      rating: 4,
      review:
        "Backlash at the nut measured under 0.02 mm and the machined journals fitted BK12 and BF12 supports exactly. Packaging could be stiffer for a 500 mm screw.",
    },
    {
      partNumber: null,
      name: "Amelia Brooks",
      rating: 5,
      review:
        "Clear descriptions, real stock numbers and an order history I can actually follow. Much better than calling around.",
    },
    {
      partNumber: null,
      name: "Grace Mwangi",
      rating: 4,
      review:
        "Ordered bearings, chain, collars and fasteners for a conveyor rebuild and it all came in one box with a part number on every bag. A cut-to-length service for chain would be welcome.",
    },
  ];
