/**
 * The relevance suite's queries (issue 24): searches typed the way engineers type them, over every
 * category of the demo catalog (scripts/seed/catalog-data.ts), each with the parts acceptable in the
 * first three results. Written from the parts and their specs: every form here finds a part that
 * exists, through its name, description, part number or spec values.
 *
 * `acceptable` lists every part that answers the query, not only the best one, so that a query
 * passes whichever of them the ranking puts first; a part that merely shares a word does not belong.
 */

export type QueryForm =
  | "part number"
  | "words"
  | "word order"
  | "plural"
  | "measurement"
  | "dimensions"
  | "module and teeth"
  | "thread"
  | "fraction"
  | "ratio"
  | "grade"
  | "bearing code"
  | "code"
  | "typo"
  | "spec only"
  | "mixed";

export type RelevanceQuery = { query: string; form: QueryForm; acceptable: string[] };

const q = (query: string, form: QueryForm, ...acceptable: string[]): RelevanceQuery => ({ query, form, acceptable });

export const SPUR_GEARS_M1 = ["GW-SG-M1-20", "GW-SG-M1-30"];
export const MODULE_1_GEARS = [...SPUR_GEARS_M1, "GW-HG-M1-25"];
export const SPUR_GEARS = [...SPUR_GEARS_M1, "GW-SG-M1P5-36", "GW-SG-M2-20", "GW-SG-M2-40"];
// Bore 8 mm as a spec (gears, bearing, couplings), and the timing pulleys' 8 mm pilot bore.
export const EIGHT_MM_BORE = [
  ...SPUR_GEARS_M1,
  "GW-HG-M1-25",
  "GW-BB-608-2RS",
  "GW-RG-8-10",
  "GW-BC-8-8",
  "GW-TP-5M-30-15",
  "GW-TP-5M-40-15",
];
const DEEP_GROOVE = ["GW-BB-6204-2RS", "GW-BB-6204-ZZ", "GW-BB-6205-2RS", "GW-BB-6305-2RS", "GW-BB-608-2RS"];
const TIMING_PULLEYS = ["GW-TP-5M-20-15", "GW-TP-5M-30-15", "GW-TP-5M-40-15"];
const ROLLER_CHAINS = ["GW-RC-06B1-5M", "GW-RC-08B1-5M", "GW-RC-08B2-5M", "GW-RC-10B1-5M"];
const JAW_COUPLINGS = ["GW-JC-L075-14-19", "GW-JC-L090-19-19", "GW-JC-L100-19-24"];
const LINEAR_SHAFTS = ["GW-LS-16-500", "GW-LS-16-1000", "GW-LS-20-500"];
export const GRADE_8_8_BOLTS = ["GW-HB-M6-20-88", "GW-HB-M8-25-88", "GW-HB-M10-50-88", "GW-HB-SET-M6-M12"];
export const CAP_SCREWS_12_9 = ["GW-SC-M6-20-129", "GW-SC-M8-30-129"];
const SHAFT_COLLARS = ["GW-SCL-8", "GW-SCL-16", "GW-SCL-20", "GW-SSC-20"];
export const CYLINDERS = ["GW-HC-32-20-100", "GW-HC-40-25-200", "GW-HC-50-30-300"];
export const G_QUARTER = [
  "GW-HC-32-20-100",
  "GW-HC-40-25-200",
  "GW-HH-2SN-06-500",
  "GW-HF-G14-G14",
  "GW-PG-63-250",
  "GW-PG-63-400",
];

export const relevanceQueries: RelevanceQuery[] = [
  // ---------------------------------------------------------------- Gears
  q("spur gear m1", "module and teeth", ...SPUR_GEARS_M1),
  q("m1 spur gear", "word order", ...SPUR_GEARS_M1),
  q("spur gaer", "typo", ...SPUR_GEARS),
  q("spur gear m1 20 teeth 8mm bore", "mixed", "GW-SG-M1-20"),
  q("8mm bore", "measurement", ...EIGHT_MM_BORE),
  q("bore 8 mm", "measurement", ...EIGHT_MM_BORE),
  q("m1 20t", "module and teeth", "GW-SG-M1-20"),
  q("gear module 1", "module and teeth", ...MODULE_1_GEARS),
  q("gear module 2 40 teeth", "module and teeth", "GW-SG-M2-40", "GW-HG-M2-20-40"),
  q("helical gears", "plural", "GW-HG-M1-25", "GW-HG-M2-20-40"),
  q("helical gear m1", "module and teeth", "GW-HG-M1-25"),
  q("bevel gear set", "words", "GW-BG-M3-25"),
  q("90 degree bevel gear", "measurement", "GW-BG-M3-25"),
  q("worm gear 30:1", "ratio", "GW-WG-M2-30"),
  q("30:1", "ratio", "GW-WG-M2-30"),
  q("bronze worm wheel", "words", "GW-WG-M2-30"),
  q("GW-SG-M1-20", "part number", "GW-SG-M1-20"),
  q("gwsgm240", "part number", "GW-SG-M2-40"),
  q("SG-M2-20", "part number", "GW-SG-M2-20"),
  q("m1.5 spur gear 36t", "module and teeth", "GW-SG-M1P5-36"),
  q("42CrMo4", "spec only", "GW-SG-M2-40"),
  q("16MnCr5 gear", "spec only", "GW-HG-M2-20-40", "GW-BG-M3-25"),
  q("gear 12mm bore", "measurement", "GW-SG-M1P5-36"),
  q("pinion module 2", "module and teeth", "GW-SG-M2-20"),

  // ---------------------------------------------------------------- Bearings
  q("6204 2rs", "bearing code", "GW-BB-6204-2RS"),
  q("6204-2RS", "bearing code", "GW-BB-6204-2RS"),
  q("62042rs", "bearing code", "GW-BB-6204-2RS"),
  q("608rs", "bearing code", "GW-BB-608-2RS"),
  q("608", "bearing code", "GW-BB-608-2RS"),
  q("608 bearing", "bearing code", "GW-BB-608-2RS"),
  q("6204 zz", "bearing code", "GW-BB-6204-ZZ"),
  q("6204", "bearing code", "GW-BB-6204-2RS", "GW-BB-6204-ZZ"),
  q("bearng 6205", "typo", "GW-BB-6205-2RS"),
  q("deep groove ball bearings", "plural", ...DEEP_GROOVE),
  q(
    "bearing 25mm bore",
    "measurement",
    "GW-BB-6205-2RS",
    "GW-BB-6305-2RS",
    "GW-TR-30205",
    "GW-PB-UCP205",
    "GW-AX-51105",
  ),
  q("20 x 47 x 14", "dimensions", "GW-BB-6204-2RS", "GW-BB-6204-ZZ"),
  q("25x52x15", "dimensions", "GW-BB-6205-2RS"),
  q("tapered roller bearing", "words", "GW-TR-30205"),
  q("30205", "bearing code", "GW-TR-30205"),
  q("ucp205 pillow block", "code", "GW-PB-UCP205"),
  q("ucp 205", "code", "GW-PB-UCP205"),
  q("flange bearing 20mm", "measurement", "GW-FB-UCFL204"),
  q("hk 2016", "code", "GW-NB-HK2016"),
  q("needle roller bearing 20mm shaft", "mixed", "GW-NB-HK2016"),
  q("thrust bearing", "words", "GW-AX-51105"),
  q("2rs bearings", "bearing code", "GW-BB-6204-2RS", "GW-BB-6205-2RS", "GW-BB-6305-2RS", "GW-BB-608-2RS"),
  q("chrome steel bearing 47mm od", "mixed", "GW-BB-6204-2RS", "GW-BB-6204-ZZ", "GW-FB-UCFL204"),
  // "Lip seal" is only the Seal spec of the two mounted units.
  q("lip seal bearing", "spec only", "GW-PB-UCP205", "GW-FB-UCFL204"),

  // ---------------------------------------------------------------- Belts & pulleys
  q("htd 5m pulley 30 teeth", "module and teeth", "GW-TP-5M-30-15"),
  q("timing pulley 20t", "module and teeth", "GW-TP-5M-20-15"),
  q("timing belt 450", "words", "GW-TB-450-5M-15"),
  q("450-5M-15", "part number", "GW-TB-450-5M-15"),
  q("5m timing belt 600mm", "measurement", "GW-TB-600-5M-15"),
  q("v belt a42", "code", "GW-VB-A42"),
  q("A-50 v-belts", "plural", "GW-VB-A50"),
  q("spz 1000", "code", "GW-VB-SPZ1000"),
  q("wedge belt", "words", "GW-VB-SPZ1000"),
  q("v belt pulley 125mm", "measurement", "GW-VP-A-125-1"),
  q("idler pulley 40mm", "measurement", "GW-IP-40-15"),
  q("timing pully", "typo", ...TIMING_PULLEYS),
  q("neoprene belt", "spec only", "GW-TB-450-5M-15", "GW-TB-600-5M-15"),
  // "CR" (chloroprene) is only in the V-belts' Material spec.
  q("cr rubber belt", "spec only", "GW-VB-A42", "GW-VB-A50", "GW-VB-SPZ1000"),

  // ---------------------------------------------------------------- Chains & sprockets
  q("roller chain 08b-1", "code", "GW-RC-08B1-5M", "GW-CL-08B1", "GW-RC-08B2-5M"),
  q("duplex chain", "words", "GW-RC-08B2-5M"),
  q("10b-1", "code", "GW-RC-10B1-5M"),
  q("roller chain 1/2 inch pitch", "measurement", "GW-RC-08B1-5M", "GW-RC-08B2-5M", "GW-CL-08B1"),
  q("roller chain 5m", "measurement", ...ROLLER_CHAINS),
  q("sprocket 08b1 17t", "module and teeth", "GW-SP-08B1-17"),
  q("sprockets 25 teeth", "plural", "GW-SP-08B1-25"),
  q("06b sprocket", "code", "GW-SP-06B1-15"),
  q("chain tensioner", "words", "GW-CT-08B1"),
  q("conecting link", "typo", "GW-CL-08B1"),
  q("chain 2 strands", "mixed", "GW-RC-08B2-5M"),

  // ---------------------------------------------------------------- Couplings
  q("jaw coupling 19mm", "measurement", ...JAW_COUPLINGS),
  q("jaw coupling 14 x 19", "dimensions", "GW-JC-L075-14-19"),
  q("jaw coupling l100", "code", "GW-JC-L100-19-24"),
  q("rigid coupling 8x10", "dimensions", "GW-RG-8-10"),
  q("oldam coupling", "typo", "GW-OC-10-14"),
  q("beam coupling 8mm", "measurement", "GW-BC-8-8"),
  q("shaft coupling 20mm", "measurement", "GW-RG-20-20"),
  q("polyurethane spider", "words", ...JAW_COUPLINGS),
  q("coupling 95 nm", "measurement", "GW-RG-20-20"),
  q("gear coupling", "words", "GW-GC-28-28"),
  q("coupling stepper motor", "words", "GW-RG-8-10", "GW-BC-8-8"),
  q("couplings acetal", "plural", "GW-OC-10-14"),

  // ---------------------------------------------------------------- Linear motion
  q("linear shaft 16mm", "measurement", "GW-LS-16-500", "GW-LS-16-1000"),
  q("16mm linear shaft 500mm", "measurement", "GW-LS-16-500"),
  q("linear shaft 20 x 500", "dimensions", "GW-LS-20-500"),
  q("linear shaft 1m", "measurement", "GW-LS-16-1000"),
  q("h6 shafts", "plural", ...LINEAR_SHAFTS),
  q("cf53", "spec only", ...LINEAR_SHAFTS),
  q("lm16uu", "code", "GW-LB-LM16UU"),
  q("linear bearing 20mm", "measurement", "GW-LB-LM20UU"),
  q("Tr16x4", "thread", "GW-TS-TR16X4-1000"),
  q("tr16x4 lead screw", "thread", "GW-TS-TR16X4-1000"),
  q("ball screw 1605", "code", "GW-BS-1605-500"),
  q("sfu1605", "code", "GW-BS-1605-500"),
  // The rail's text never says "linear": its category does.
  q("linear rail size 15 1000mm", "mixed", "GW-LR-15-1000"),
  q("profile rail guide carriage", "words", "GW-LR-15-500", "GW-LR-15-1000"),
  q("gear rack module 2", "module and teeth", "GW-GR-M2-500"),
  q("rack m2", "module and teeth", "GW-GR-M2-500"),

  // ---------------------------------------------------------------- Fasteners
  q("m6x20 socket head", "thread", "GW-SC-M6-20-129"),
  q("M6 x 20 socket head", "thread", "GW-SC-M6-20-129"),
  q("M6x20", "thread", "GW-HB-M6-20-88", "GW-SC-M6-20-129"),
  q("m10 x 50 bolt", "thread", "GW-HB-M10-50-88"),
  q("m8 x 30", "thread", "GW-SC-M8-30-129"),
  q("hex bolt m8", "thread", "GW-HB-M8-25-88"),
  q("bolt hex m10", "word order", "GW-HB-M10-50-88"),
  q("grade 8.8 bolts", "grade", ...GRADE_8_8_BOLTS),
  q("12.9 cap screw", "grade", ...CAP_SCREWS_12_9),
  q("a2 socket cap screw", "grade", "GW-SC-M6-16-A2"),
  q("stainless cap screws", "plural", "GW-SC-M6-16-A2"),
  q("hex nut m6", "thread", "GW-HN-M6-8"),
  q("nut class 8", "grade", "GW-HN-M6-8", "GW-HN-M8-8"),
  q("m8 washer", "thread", "GW-FW-M8-200HV"),
  q("washr m8", "typo", "GW-FW-M8-200HV"),
  q("din 912", "code", ...CAP_SCREWS_12_9),
  q("bolt assortment", "words", "GW-HB-SET-M6-M12"),
  q("HB-M6-20", "part number", "GW-HB-M6-20-88"),

  // ---------------------------------------------------------------- Shaft components
  q("shaft collar 20mm", "measurement", "GW-SCL-20", "GW-SSC-20"),
  q("split collar 8mm", "measurement", "GW-SCL-8"),
  q("collars 16 mm", "plural", "GW-SCL-16"),
  q("shaft colar", "typo", ...SHAFT_COLLARS),
  q("din 705 collar", "code", "GW-SSC-20"),
  q("dowel pin 6x30", "dimensions", "GW-DP-6-30"),
  q("6x30", "dimensions", "GW-DP-6-30", "GW-PK-6X6-30"),
  q("dowel pins 8 x 40", "dimensions", "GW-DP-8-40"),
  // "Bright" is only in the dowel pins' Finish spec.
  q("bright dowel pin", "spec only", "GW-DP-6-30", "GW-DP-8-40"),
  q("circlip 20mm", "measurement", "GW-RR-20-E"),
  q("circlp", "typo", "GW-RR-20-E"),
  q("din 471", "code", "GW-RR-20-E"),
  q("retaining ring", "words", "GW-RR-20-E"),
  q("parallel key 6x6", "dimensions", "GW-PK-6X6-30"),
  q("gw-scl-16", "part number", "GW-SCL-16"),

  // ---------------------------------------------------------------- Hydraulics
  q("hydralic cylindr", "typo", ...CYLINDERS),
  q("hydraulic cylinder 40 bore", "measurement", "GW-HC-40-25-200"),
  q("cylinder 50mm bore 300 stroke", "mixed", "GW-HC-50-30-300"),
  q("32/20-100", "code", "GW-HC-32-20-100"),
  q("gw hc 40 25 200", "part number", "GW-HC-40-25-200"),
  q("G 1/4", "thread", ...G_QUARTER),
  q("g1/4 adaptor", "thread", "GW-HF-G14-G14"),
  q("g 3/8 hose", "thread", "GW-HH-2SN-10-1000"),
  q("1/4 hose", "fraction", "GW-HH-2SN-06-500"),
  q("90 elbow 3/8", "fraction", "GW-HF-G38-90"),
  q("400bar", "measurement", "GW-HH-2SN-06-500", "GW-HF-G14-G14", "GW-HF-G38-G38", "GW-PG-63-400"),
  q("400 bar gauge", "measurement", "GW-PG-63-400"),
  q("pressure gauge 0-250 bar", "measurement", "GW-PG-63-250"),
  q("hose 0.5 m", "measurement", "GW-HH-2SN-06-500"),
  q("hydraulic hose 1m", "measurement", "GW-HH-2SN-10-1000"),
  q("dn10 hose", "code", "GW-HH-2SN-10-1000"),
  q("bspp adaptors", "plural", "GW-HF-G14-G14", "GW-HF-G38-G38", "GW-HF-G38-90"),
  q("glycerine gauge", "words", "GW-PG-63-250", "GW-PG-63-400"),
  // "NBR" is in the hoses' Material spec only (the cylinders' NBR seals are no hose).
  q("nbr hose", "spec only", "GW-HH-2SN-06-500", "GW-HH-2SN-10-1000"),
];
