/** The demo catalog: real-looking parts with images shipped in public/images/items. */
export const demoItems = [
  {
    slug: "spur-gear",
    name: "Spur Gear, 40 Teeth, Module 2",
    price: 34.5,
    quantity: 120,
    supplier: "Gearwright Works",
    description:
      "Hardened 42CrMo4 steel spur gear with a 20° pressure angle and a 20 mm keyed bore. Ground teeth for quiet running in gearboxes and feed drives.",
  },
  {
    slug: "helical-gear",
    name: "Helical Gear Pair, 1:2 Ratio",
    price: 89.0,
    quantity: 45,
    supplier: "Gearwright Works",
    description:
      "Matched pair of case-hardened helical gears with a 15° helix angle. Smoother and quieter than spur gears at high speed; supplied with thrust washers.",
  },
  {
    slug: "bevel-gear",
    name: "Straight Bevel Gear Set, 90°",
    price: 64.25,
    quantity: 60,
    supplier: "Ridgeline Gear Co.",
    description:
      "Right-angle bevel gear set in carburised steel for turning a drive through 90 degrees. 1:1 ratio, 25 mm shafts, lapped in pairs.",
  },
  {
    slug: "worm-gear-set",
    name: "Worm Gear Set, 30:1",
    price: 112.0,
    quantity: 25,
    supplier: "Ridgeline Gear Co.",
    description:
      "Phosphor-bronze worm wheel with a hardened steel worm for high reduction in one stage. Self-locking for hoists and indexing tables.",
  },
  {
    slug: "ball-bearing",
    name: "Deep Groove Ball Bearing 6204-2RS",
    price: 6.8,
    quantity: 800,
    supplier: "Norda Bearings",
    description:
      "20 × 47 × 14 mm sealed deep groove ball bearing, greased for life. The everyday bearing for motors, pumps and conveyors.",
  },
  {
    slug: "tapered-roller-bearing",
    name: "Tapered Roller Bearing 30205",
    price: 14.9,
    quantity: 240,
    supplier: "Norda Bearings",
    description:
      "25 × 52 × 16.25 mm tapered roller bearing that carries combined radial and axial loads. Sold as cone and cup, ready for wheel hubs and gear shafts.",
  },
  {
    slug: "pillow-block-bearing",
    name: "Pillow Block Bearing UCP205",
    price: 18.4,
    quantity: 150,
    supplier: "Norda Bearings",
    description:
      "Cast iron housing with a 25 mm insert bearing, set screws and a grease nipple. Bolts straight onto a frame to carry a shaft.",
  },
  {
    slug: "timing-pulley",
    name: "HTD 5M Timing Pulley, 30 Teeth",
    price: 22.75,
    quantity: 90,
    supplier: "Axia Drives",
    description:
      "Aluminium timing pulley for 15 mm HTD 5M belts, with flanges and a pilot bore ready to machine. For positive, slip-free drives.",
  },
  {
    slug: "v-belt",
    name: "Classical V-Belt A-42",
    price: 9.6,
    quantity: 300,
    supplier: "Axia Drives",
    description:
      "Wrapped rubber V-belt, 13 mm top width and 1,067 mm inside length. Oil and heat resistant for compressors, fans and machine tools.",
  },
  {
    slug: "roller-chain",
    name: "Roller Chain 08B-1, 5 m",
    price: 41.0,
    quantity: 70,
    supplier: "Axia Drives",
    description:
      "1/2 inch pitch simplex roller chain to ISO 606 with a connecting link. Pre-lubricated, for conveyors and power transmission.",
  },
  {
    slug: "flexible-coupling",
    name: "Jaw Coupling L-100",
    price: 27.3,
    quantity: 110,
    supplier: "Coupleworks",
    description:
      "Two cast iron hubs with a polyurethane spider that absorbs shock and small misalignment between motor and gearbox shafts.",
  },
  {
    slug: "linear-shaft",
    name: "Hardened Linear Shaft 16 mm × 500 mm",
    price: 31.2,
    quantity: 85,
    supplier: "Linea Motion",
    description:
      "Induction-hardened, ground and chrome-plated shaft (h6 tolerance) for linear bearings and guide systems. Cut to length on request.",
  },
  {
    slug: "hex-bolt-set",
    name: "Hex Bolt Assortment, Grade 8.8",
    price: 48.0,
    quantity: 55,
    supplier: "Fastline Supply",
    description:
      "420 zinc-plated hex bolts, nuts and washers from M6 to M12 in a sorted case. Grade 8.8 steel for machine frames and guards.",
  },
  {
    slug: "hydraulic-cylinder",
    name: "Double-Acting Hydraulic Cylinder 40/25-200",
    price: 189.0,
    quantity: 18,
    supplier: "Hydrona",
    description:
      "40 mm bore, 25 mm rod and 200 mm stroke, rated to 210 bar. Clevis mounts at both ends, seals for mineral oil.",
  },
  {
    slug: "lead-screw",
    name: "Trapezoidal Lead Screw Tr16×4, 1 m",
    price: 38.9,
    quantity: 40,
    supplier: "Linea Motion",
    description:
      "Rolled steel lead screw with a bronze nut for slides and lifting tables. 4 mm lead, right-hand thread, machinable ends.",
  },
  {
    slug: "shaft-collar",
    name: "Split Shaft Collar 20 mm",
    price: 4.95,
    quantity: 500,
    supplier: "Fastline Supply",
    description:
      "Black-oxide steel two-piece clamp collar that holds parts on a shaft without marking it. Fits and removes without taking the shaft out.",
  },
] as const;

export const demoReviews = [
  {
    name: "Marta Keller",
    rating: 5,
    review:
      "The spur gears arrived ground and deburred, and they ran quietly from the first hour. Our feed drive has never been this smooth.",
  },
  {
    name: "Daniel Osei",
    rating: 4,
    review:
      "Good bearings at a fair price. Delivery took a day longer than promised, but everything was packed well and labelled.",
  },
  {
    name: "Priya Natarajan",
    rating: 5,
    review:
      "Ordered a worm gear set for a hoist rebuild. Exactly to the drawing, and the support team answered my fit question the same day.",
  },
  {
    name: "Tomás Rivera",
    rating: 4,
    review:
      "The jaw couplings took up the misalignment our old rigid ones could not. Would like more spider hardness options.",
  },
  {
    name: "Hannah Schultz",
    rating: 5,
    review:
      "We switched our conveyor chain supply here. Consistent quality across three orders so far, and the stock figures are accurate.",
  },
  {
    name: "Kenji Watanabe",
    rating: 3,
    review: "Lead screw is fine but the nut needed a little running in. Price is good for the length.",
  },
  {
    name: "Amelia Brooks",
    rating: 5,
    review:
      "Clear descriptions, real stock numbers and an order history I can actually follow. Much better than calling around.",
  },
] as const;
