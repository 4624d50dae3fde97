/**
 * The HTML5 named character references, as Python's `html.entities.html5` (what `html.unescape`, and so
 * `striptags`, decodes). Generated from Python 3.11; names are listed without their `;`. Stored small for the
 * browser bundle: letters with a diacritic and the double-struck, fraktur and script letters are derived, the
 * other references are one string.
 */

/** By name suffix, a combining mark and the letters it composes with (NFC): `Aacute` is `A` + U+0301. */
const DIACRITICS: ReadonlyArray<readonly [suffix: string, mark: string, letters: string]> = [
  ['acute', '\u0301', 'ACEILNORSUYZacegilnorsuyz'],
  ['grave', '\u0300', 'AEIOUaeiou'],
  ['circ', '\u0302', 'ACEGHIJOSUWYaceghijosuwy'],
  ['tilde', '\u0303', 'AINOUainou'],
  ['uml', '\u0308', 'AEIOUYaeiouy'],
  ['ring', '\u030a', 'AUau'],
  ['cedil', '\u0327', 'CGKLNRSTcklnrst'],
  ['caron', '\u030c', 'CDELNRSTZcdelnrstz'],
  ['dot', '\u0307', 'CEGIZcegz'],
  ['macr', '\u0304', 'AEIOUaeiou'],
  ['breve', '\u0306', 'AGUagu'],
  ['ogon', '\u0328', 'AEIUaeiu'],
  ['dblac', '\u030b', 'OUou'],
];

/**
 * By name suffix, the code points of mathematical A and a (`Aopf` is U+1D538). The letters Unicode encodes
 * elsewhere (`Copf` is U+2102) are in `NAMED`, which is read after.
 */
const MATH_LETTERS: ReadonlyArray<readonly [suffix: string, upper: number, lower: number]> = [
  ['opf', 0x1d538, 0x1d552],
  ['fr', 0x1d504, 0x1d51e],
  ['scr', 0x1d49c, 0x1d4b6],
];

/** Every other reference: name, space, text, space, ... (no reference's text holds a space). */
// biome-ignore format: a generated table, kept dense
const NAMED =
  'AElig Æ AMP & Acy А Alpha Α And ⩓ ApplyFunction \u2061 Assign ≔ Backslash ∖ Barv ⫧ Barwed ⌆ Bcy Б ' +
  'Because ∵ Bernoullis ℬ Beta Β Breve ˘ Bscr ℬ Bumpeq ≎ CHcy Ч COPY © Cap ⋒ CapitalDifferentialD ⅅ ' +
  'Cayleys ℭ Cconint ∰ Cedilla ¸ CenterDot · Cfr ℭ Chi Χ CircleDot ⊙ CircleMinus ⊖ CirclePlus ⊕ ' +
  'CircleTimes ⊗ ClockwiseContourIntegral ∲ CloseCurlyDoubleQuote ” CloseCurlyQuote ’ Colon ∷ Colone ⩴ ' +
  'Congruent ≡ Conint ∯ ContourIntegral ∮ Copf ℂ Coproduct ∐ CounterClockwiseContourIntegral ∳ Cross ⨯ ' +
  'Cup ⋓ CupCap ≍ DD ⅅ DDotrahd ⤑ DJcy Ђ DScy Ѕ DZcy Џ Dagger ‡ Darr ↡ Dashv ⫤ Dcy Д Del ∇ Delta Δ ' +
  'DiacriticalAcute ´ DiacriticalDot ˙ DiacriticalDoubleAcute ˝ DiacriticalGrave ` DiacriticalTilde ˜ ' +
  'Diamond ⋄ DifferentialD ⅆ Dot ¨ DotDot \u20dc DotEqual ≐ DoubleContourIntegral ∯ DoubleDot ¨ ' +
  'DoubleDownArrow ⇓ DoubleLeftArrow ⇐ DoubleLeftRightArrow ⇔ DoubleLeftTee ⫤ DoubleLongLeftArrow ⟸ ' +
  'DoubleLongLeftRightArrow ⟺ DoubleLongRightArrow ⟹ DoubleRightArrow ⇒ DoubleRightTee ⊨ ' +
  'DoubleUpArrow ⇑ DoubleUpDownArrow ⇕ DoubleVerticalBar ∥ DownArrow ↓ DownArrowBar ⤓ ' +
  'DownArrowUpArrow ⇵ DownBreve \u0311 DownLeftRightVector ⥐ DownLeftTeeVector ⥞ DownLeftVector ↽ ' +
  'DownLeftVectorBar ⥖ DownRightTeeVector ⥟ DownRightVector ⇁ DownRightVectorBar ⥗ DownTee ⊤ ' +
  'DownTeeArrow ↧ Downarrow ⇓ Dstrok Đ ENG Ŋ ETH Ð Ecy Э Element ∈ EmptySmallSquare ◻ ' +
  'EmptyVerySmallSquare ▫ Epsilon Ε Equal ⩵ EqualTilde ≂ Equilibrium ⇌ Escr ℰ Esim ⩳ Eta Η Exists ∃ ' +
  'ExponentialE ⅇ Fcy Ф FilledSmallSquare ◼ FilledVerySmallSquare ▪ ForAll ∀ Fouriertrf ℱ Fscr ℱ ' +
  'GJcy Ѓ GT > Gamma Γ Gammad Ϝ Gcy Г Gg ⋙ GreaterEqual ≥ GreaterEqualLess ⋛ GreaterFullEqual ≧ ' +
  'GreaterGreater ⪢ GreaterLess ≷ GreaterSlantEqual ⩾ GreaterTilde ≳ Gt ≫ HARDcy Ъ Hacek ˇ Hat ^ Hfr ℌ ' +
  'HilbertSpace ℋ Hopf ℍ HorizontalLine ─ Hscr ℋ Hstrok Ħ HumpDownHump ≎ HumpEqual ≏ IEcy Е IJlig Ĳ ' +
  'IOcy Ё Icy И Ifr ℑ Im ℑ ImaginaryI ⅈ Implies ⇒ Int ∬ Integral ∫ Intersection ⋂ ' +
  'InvisibleComma \u2063 InvisibleTimes \u2062 Iota Ι Iscr ℐ Iukcy І Jcy Й Jsercy Ј Jukcy Є KHcy Х ' +
  'KJcy Ќ Kappa Κ Kcy К LJcy Љ LT < Lambda Λ Lang ⟪ Laplacetrf ℒ Larr ↞ Lcy Л LeftAngleBracket ⟨ ' +
  'LeftArrow ← LeftArrowBar ⇤ LeftArrowRightArrow ⇆ LeftCeiling ⌈ LeftDoubleBracket ⟦ ' +
  'LeftDownTeeVector ⥡ LeftDownVector ⇃ LeftDownVectorBar ⥙ LeftFloor ⌊ LeftRightArrow ↔ ' +
  'LeftRightVector ⥎ LeftTee ⊣ LeftTeeArrow ↤ LeftTeeVector ⥚ LeftTriangle ⊲ LeftTriangleBar ⧏ ' +
  'LeftTriangleEqual ⊴ LeftUpDownVector ⥑ LeftUpTeeVector ⥠ LeftUpVector ↿ LeftUpVectorBar ⥘ ' +
  'LeftVector ↼ LeftVectorBar ⥒ Leftarrow ⇐ Leftrightarrow ⇔ LessEqualGreater ⋚ LessFullEqual ≦ ' +
  'LessGreater ≶ LessLess ⪡ LessSlantEqual ⩽ LessTilde ≲ Ll ⋘ Lleftarrow ⇚ Lmidot Ŀ LongLeftArrow ⟵ ' +
  'LongLeftRightArrow ⟷ LongRightArrow ⟶ Longleftarrow ⟸ Longleftrightarrow ⟺ Longrightarrow ⟹ ' +
  'LowerLeftArrow ↙ LowerRightArrow ↘ Lscr ℒ Lsh ↰ Lstrok Ł Lt ≪ Map ⤅ Mcy М MediumSpace \u205f ' +
  'Mellintrf ℳ MinusPlus ∓ Mscr ℳ Mu Μ NJcy Њ Ncy Н NegativeMediumSpace \u200b ' +
  'NegativeThickSpace \u200b NegativeThinSpace \u200b NegativeVeryThinSpace \u200b ' +
  'NestedGreaterGreater ≫ NestedLessLess ≪ NewLine \u000a NoBreak \u2060 NonBreakingSpace \u00a0 ' +
  'Nopf ℕ Not ⫬ NotCongruent ≢ NotCupCap ≭ NotDoubleVerticalBar ∦ NotElement ∉ NotEqual ≠ ' +
  'NotEqualTilde ≂\u0338 NotExists ∄ NotGreater ≯ NotGreaterEqual ≱ NotGreaterFullEqual ≧\u0338 ' +
  'NotGreaterGreater ≫\u0338 NotGreaterLess ≹ NotGreaterSlantEqual ⩾\u0338 NotGreaterTilde ≵ ' +
  'NotHumpDownHump ≎\u0338 NotHumpEqual ≏\u0338 NotLeftTriangle ⋪ NotLeftTriangleBar ⧏\u0338 ' +
  'NotLeftTriangleEqual ⋬ NotLess ≮ NotLessEqual ≰ NotLessGreater ≸ NotLessLess ≪\u0338 ' +
  'NotLessSlantEqual ⩽\u0338 NotLessTilde ≴ NotNestedGreaterGreater ⪢\u0338 NotNestedLessLess ⪡\u0338 ' +
  'NotPrecedes ⊀ NotPrecedesEqual ⪯\u0338 NotPrecedesSlantEqual ⋠ NotReverseElement ∌ ' +
  'NotRightTriangle ⋫ NotRightTriangleBar ⧐\u0338 NotRightTriangleEqual ⋭ NotSquareSubset ⊏\u0338 ' +
  'NotSquareSubsetEqual ⋢ NotSquareSuperset ⊐\u0338 NotSquareSupersetEqual ⋣ NotSubset ⊂\u20d2 ' +
  'NotSubsetEqual ⊈ NotSucceeds ⊁ NotSucceedsEqual ⪰\u0338 NotSucceedsSlantEqual ⋡ ' +
  'NotSucceedsTilde ≿\u0338 NotSuperset ⊃\u20d2 NotSupersetEqual ⊉ NotTilde ≁ NotTildeEqual ≄ ' +
  'NotTildeFullEqual ≇ NotTildeTilde ≉ NotVerticalBar ∤ Nu Ν OElig Œ Ocy О Omega Ω Omicron Ο ' +
  'OpenCurlyDoubleQuote “ OpenCurlyQuote ‘ Or ⩔ Oslash Ø Otimes ⨷ OverBar ‾ OverBrace ⏞ OverBracket ⎴ ' +
  'OverParenthesis ⏜ PartialD ∂ Pcy П Phi Φ Pi Π PlusMinus ± Poincareplane ℌ Popf ℙ Pr ⪻ Precedes ≺ ' +
  'PrecedesEqual ⪯ PrecedesSlantEqual ≼ PrecedesTilde ≾ Prime ″ Product ∏ Proportion ∷ Proportional ∝ ' +
  'Psi Ψ QUOT " Qopf ℚ RBarr ⤐ REG ® Rang ⟫ Rarr ↠ Rarrtl ⤖ Rcy Р Re ℜ ReverseElement ∋ ' +
  'ReverseEquilibrium ⇋ ReverseUpEquilibrium ⥯ Rfr ℜ Rho Ρ RightAngleBracket ⟩ RightArrow → ' +
  'RightArrowBar ⇥ RightArrowLeftArrow ⇄ RightCeiling ⌉ RightDoubleBracket ⟧ RightDownTeeVector ⥝ ' +
  'RightDownVector ⇂ RightDownVectorBar ⥕ RightFloor ⌋ RightTee ⊢ RightTeeArrow ↦ RightTeeVector ⥛ ' +
  'RightTriangle ⊳ RightTriangleBar ⧐ RightTriangleEqual ⊵ RightUpDownVector ⥏ RightUpTeeVector ⥜ ' +
  'RightUpVector ↾ RightUpVectorBar ⥔ RightVector ⇀ RightVectorBar ⥓ Rightarrow ⇒ Ropf ℝ ' +
  'RoundImplies ⥰ Rrightarrow ⇛ Rscr ℛ Rsh ↱ RuleDelayed ⧴ SHCHcy Щ SHcy Ш SOFTcy Ь Sc ⪼ Scy С ' +
  'ShortDownArrow ↓ ShortLeftArrow ← ShortRightArrow → ShortUpArrow ↑ Sigma Σ SmallCircle ∘ Sqrt √ ' +
  'Square □ SquareIntersection ⊓ SquareSubset ⊏ SquareSubsetEqual ⊑ SquareSuperset ⊐ ' +
  'SquareSupersetEqual ⊒ SquareUnion ⊔ Star ⋆ Sub ⋐ Subset ⋐ SubsetEqual ⊆ Succeeds ≻ SucceedsEqual ⪰ ' +
  'SucceedsSlantEqual ≽ SucceedsTilde ≿ SuchThat ∋ Sum ∑ Sup ⋑ Superset ⊃ SupersetEqual ⊇ Supset ⋑ ' +
  'THORN Þ TRADE ™ TSHcy Ћ TScy Ц Tab \u0009 Tau Τ Tcy Т Therefore ∴ Theta Θ ThickSpace \u205f\u200a ' +
  'ThinSpace \u2009 Tilde ∼ TildeEqual ≃ TildeFullEqual ≅ TildeTilde ≈ TripleDot \u20db Tstrok Ŧ ' +
  'Uarr ↟ Uarrocir ⥉ Ubrcy Ў Ucy У UnderBar _ UnderBrace ⏟ UnderBracket ⎵ UnderParenthesis ⏝ Union ⋃ ' +
  'UnionPlus ⊎ UpArrow ↑ UpArrowBar ⤒ UpArrowDownArrow ⇅ UpDownArrow ↕ UpEquilibrium ⥮ UpTee ⊥ ' +
  'UpTeeArrow ↥ Uparrow ⇑ Updownarrow ⇕ UpperLeftArrow ↖ UpperRightArrow ↗ Upsi ϒ Upsilon Υ VDash ⊫ ' +
  'Vbar ⫫ Vcy В Vdash ⊩ Vdashl ⫦ Vee ⋁ Verbar ‖ Vert ‖ VerticalBar ∣ VerticalLine | ' +
  'VerticalSeparator ❘ VerticalTilde ≀ VeryThinSpace \u200a Vvdash ⊪ Wedge ⋀ Xi Ξ YAcy Я YIcy Ї YUcy Ю ' +
  'Ycy Ы ZHcy Ж Zcy З ZeroWidthSpace \u200b Zeta Ζ Zfr ℨ Zopf ℤ ac ∾ acE ∾\u0333 acd ∿ acute ´ acy а ' +
  'aelig æ af \u2061 alefsym ℵ aleph ℵ alpha α amalg ⨿ amp & and ∧ andand ⩕ andd ⩜ andslope ⩘ andv ⩚ ' +
  'ang ∠ ange ⦤ angle ∠ angmsd ∡ angmsdaa ⦨ angmsdab ⦩ angmsdac ⦪ angmsdad ⦫ angmsdae ⦬ angmsdaf ⦭ ' +
  'angmsdag ⦮ angmsdah ⦯ angrt ∟ angrtvb ⊾ angrtvbd ⦝ angsph ∢ angst Å angzarr ⍼ ap ≈ apE ⩰ apacir ⩯ ' +
  'ape ≊ apid ≋ apos \' approx ≈ approxeq ≊ ast * asymp ≈ asympeq ≍ awconint ∳ awint ⨑ bNot ⫭ ' +
  'backcong ≌ backepsilon ϶ backprime ‵ backsim ∽ backsimeq ⋍ barvee ⊽ barwed ⌅ barwedge ⌅ bbrk ⎵ ' +
  'bbrktbrk ⎶ bcong ≌ bcy б bdquo „ becaus ∵ because ∵ bemptyv ⦰ bepsi ϶ bernou ℬ beta β beth ℶ ' +
  'between ≬ bigcap ⋂ bigcirc ◯ bigcup ⋃ bigodot ⨀ bigoplus ⨁ bigotimes ⨂ bigsqcup ⨆ bigstar ★ ' +
  'bigtriangledown ▽ bigtriangleup △ biguplus ⨄ bigvee ⋁ bigwedge ⋀ bkarow ⤍ blacklozenge ⧫ ' +
  'blacksquare ▪ blacktriangle ▴ blacktriangledown ▾ blacktriangleleft ◂ blacktriangleright ▸ blank ␣ ' +
  'blk12 ▒ blk14 ░ blk34 ▓ block █ bne =\u20e5 bnequiv ≡\u20e5 bnot ⌐ bot ⊥ bottom ⊥ bowtie ⋈ boxDL ╗ ' +
  'boxDR ╔ boxDl ╖ boxDr ╓ boxH ═ boxHD ╦ boxHU ╩ boxHd ╤ boxHu ╧ boxUL ╝ boxUR ╚ boxUl ╜ boxUr ╙ ' +
  'boxV ║ boxVH ╬ boxVL ╣ boxVR ╠ boxVh ╫ boxVl ╢ boxVr ╟ boxbox ⧉ boxdL ╕ boxdR ╒ boxdl ┐ boxdr ┌ ' +
  'boxh ─ boxhD ╥ boxhU ╨ boxhd ┬ boxhu ┴ boxminus ⊟ boxplus ⊞ boxtimes ⊠ boxuL ╛ boxuR ╘ boxul ┘ ' +
  'boxur └ boxv │ boxvH ╪ boxvL ╡ boxvR ╞ boxvh ┼ boxvl ┤ boxvr ├ bprime ‵ breve ˘ brvbar ¦ bsemi ⁏ ' +
  'bsim ∽ bsime ⋍ bsol \\ bsolb ⧅ bsolhsub ⟈ bull • bullet • bump ≎ bumpE ⪮ bumpe ≏ bumpeq ≏ cap ∩ ' +
  'capand ⩄ capbrcup ⩉ capcap ⩋ capcup ⩇ capdot ⩀ caps ∩\ufe00 caret ⁁ caron ˇ ccaps ⩍ ccups ⩌ ' +
  'ccupssm ⩐ cedil ¸ cemptyv ⦲ cent ¢ centerdot · chcy ч check ✓ checkmark ✓ chi χ cir ○ cirE ⧃ circ ˆ ' +
  'circeq ≗ circlearrowleft ↺ circlearrowright ↻ circledR ® circledS Ⓢ circledast ⊛ circledcirc ⊚ ' +
  'circleddash ⊝ cire ≗ cirfnint ⨐ cirmid ⫯ cirscir ⧂ clubs ♣ clubsuit ♣ colon : colone ≔ coloneq ≔ ' +
  'comma , commat @ comp ∁ compfn ∘ complement ∁ complexes ℂ cong ≅ congdot ⩭ conint ∮ coprod ∐ copy © ' +
  'copysr ℗ crarr ↵ cross ✗ csub ⫏ csube ⫑ csup ⫐ csupe ⫒ ctdot ⋯ cudarrl ⤸ cudarrr ⤵ cuepr ⋞ cuesc ⋟ ' +
  'cularr ↶ cularrp ⤽ cup ∪ cupbrcap ⩈ cupcap ⩆ cupcup ⩊ cupdot ⊍ cupor ⩅ cups ∪\ufe00 curarr ↷ ' +
  'curarrm ⤼ curlyeqprec ⋞ curlyeqsucc ⋟ curlyvee ⋎ curlywedge ⋏ curren ¤ curvearrowleft ↶ ' +
  'curvearrowright ↷ cuvee ⋎ cuwed ⋏ cwconint ∲ cwint ∱ cylcty ⌭ dArr ⇓ dHar ⥥ dagger † daleth ℸ ' +
  'darr ↓ dash ‐ dashv ⊣ dbkarow ⤏ dblac ˝ dcy д dd ⅆ ddagger ‡ ddarr ⇊ ddotseq ⩷ deg ° delta δ ' +
  'demptyv ⦱ dfisht ⥿ dharl ⇃ dharr ⇂ diam ⋄ diamond ⋄ diamondsuit ♦ diams ♦ die ¨ digamma ϝ disin ⋲ ' +
  'div ÷ divide ÷ divideontimes ⋇ divonx ⋇ djcy ђ dlcorn ⌞ dlcrop ⌍ dollar $ dot ˙ doteq ≐ doteqdot ≑ ' +
  'dotminus ∸ dotplus ∔ dotsquare ⊡ doublebarwedge ⌆ downarrow ↓ downdownarrows ⇊ downharpoonleft ⇃ ' +
  'downharpoonright ⇂ drbkarow ⤐ drcorn ⌟ drcrop ⌌ dscy ѕ dsol ⧶ dstrok đ dtdot ⋱ dtri ▿ dtrif ▾ ' +
  'duarr ⇵ duhar ⥯ dwangle ⦦ dzcy џ dzigrarr ⟿ eDDot ⩷ eDot ≑ easter ⩮ ecir ≖ ecolon ≕ ecy э ee ⅇ ' +
  'efDot ≒ eg ⪚ egs ⪖ egsdot ⪘ el ⪙ elinters ⏧ ell ℓ els ⪕ elsdot ⪗ empty ∅ emptyset ∅ emptyv ∅ ' +
  'emsp \u2003 emsp13 \u2004 emsp14 \u2005 eng ŋ ensp \u2002 epar ⋕ eparsl ⧣ eplus ⩱ epsi ε epsilon ε ' +
  'epsiv ϵ eqcirc ≖ eqcolon ≕ eqsim ≂ eqslantgtr ⪖ eqslantless ⪕ equals = equest ≟ equiv ≡ equivDD ⩸ ' +
  'eqvparsl ⧥ erDot ≓ erarr ⥱ escr ℯ esdot ≐ esim ≂ eta η eth ð euro € excl ! exist ∃ expectation ℰ ' +
  'exponentiale ⅇ fallingdotseq ≒ fcy ф female ♀ ffilig ﬃ fflig ﬀ ffllig ﬄ filig ﬁ fjlig fj flat ♭ ' +
  'fllig ﬂ fltns ▱ fnof ƒ forall ∀ fork ⋔ forkv ⫙ fpartint ⨍ frac12 ½ frac13 ⅓ frac14 ¼ frac15 ⅕ ' +
  'frac16 ⅙ frac18 ⅛ frac23 ⅔ frac25 ⅖ frac34 ¾ frac35 ⅗ frac38 ⅜ frac45 ⅘ frac56 ⅚ frac58 ⅝ frac78 ⅞ ' +
  'frasl ⁄ frown ⌢ gE ≧ gEl ⪌ gamma γ gammad ϝ gap ⪆ gcy г ge ≥ gel ⋛ geq ≥ geqq ≧ geqslant ⩾ ges ⩾ ' +
  'gescc ⪩ gesdot ⪀ gesdoto ⪂ gesdotol ⪄ gesl ⋛\ufe00 gesles ⪔ gg ≫ ggg ⋙ gimel ℷ gjcy ѓ gl ≷ glE ⪒ ' +
  'gla ⪥ glj ⪤ gnE ≩ gnap ⪊ gnapprox ⪊ gne ⪈ gneq ⪈ gneqq ≩ gnsim ⋧ grave ` gscr ℊ gsim ≳ gsime ⪎ ' +
  'gsiml ⪐ gt > gtcc ⪧ gtcir ⩺ gtdot ⋗ gtlPar ⦕ gtquest ⩼ gtrapprox ⪆ gtrarr ⥸ gtrdot ⋗ gtreqless ⋛ ' +
  'gtreqqless ⪌ gtrless ≷ gtrsim ≳ gvertneqq ≩\ufe00 gvnE ≩\ufe00 hArr ⇔ hairsp \u200a half ½ hamilt ℋ ' +
  'hardcy ъ harr ↔ harrcir ⥈ harrw ↭ hbar ℏ hearts ♥ heartsuit ♥ hellip … hercon ⊹ hksearow ⤥ ' +
  'hkswarow ⤦ hoarr ⇿ homtht ∻ hookleftarrow ↩ hookrightarrow ↪ horbar ― hslash ℏ hstrok ħ hybull ⁃ ' +
  'hyphen ‐ ic \u2063 icy и iecy е iexcl ¡ iff ⇔ ii ⅈ iiiint ⨌ iiint ∭ iinfin ⧜ iiota ℩ ijlig ĳ ' +
  'image ℑ imagline ℐ imagpart ℑ imath ı imof ⊷ imped Ƶ in ∈ incare ℅ infin ∞ infintie ⧝ inodot ı ' +
  'int ∫ intcal ⊺ integers ℤ intercal ⊺ intlarhk ⨗ intprod ⨼ iocy ё iota ι iprod ⨼ iquest ¿ isin ∈ ' +
  'isinE ⋹ isindot ⋵ isins ⋴ isinsv ⋳ isinv ∈ it \u2062 iukcy і jcy й jmath ȷ jsercy ј jukcy є kappa κ ' +
  'kappav ϰ kcy к kgreen ĸ khcy х kjcy ќ lAarr ⇚ lArr ⇐ lAtail ⤛ lBarr ⤎ lE ≦ lEg ⪋ lHar ⥢ laemptyv ⦴ ' +
  'lagran ℒ lambda λ lang ⟨ langd ⦑ langle ⟨ lap ⪅ laquo « larr ← larrb ⇤ larrbfs ⤟ larrfs ⤝ larrhk ↩ ' +
  'larrlp ↫ larrpl ⤹ larrsim ⥳ larrtl ↢ lat ⪫ latail ⤙ late ⪭ lates ⪭\ufe00 lbarr ⤌ lbbrk ❲ lbrace { ' +
  'lbrack [ lbrke ⦋ lbrksld ⦏ lbrkslu ⦍ lceil ⌈ lcub { lcy л ldca ⤶ ldquo “ ldquor „ ldrdhar ⥧ ' +
  'ldrushar ⥋ ldsh ↲ le ≤ leftarrow ← leftarrowtail ↢ leftharpoondown ↽ leftharpoonup ↼ ' +
  'leftleftarrows ⇇ leftrightarrow ↔ leftrightarrows ⇆ leftrightharpoons ⇋ leftrightsquigarrow ↭ ' +
  'leftthreetimes ⋋ leg ⋚ leq ≤ leqq ≦ leqslant ⩽ les ⩽ lescc ⪨ lesdot ⩿ lesdoto ⪁ lesdotor ⪃ ' +
  'lesg ⋚\ufe00 lesges ⪓ lessapprox ⪅ lessdot ⋖ lesseqgtr ⋚ lesseqqgtr ⪋ lessgtr ≶ lesssim ≲ lfisht ⥼ ' +
  'lfloor ⌊ lg ≶ lgE ⪑ lhard ↽ lharu ↼ lharul ⥪ lhblk ▄ ljcy љ ll ≪ llarr ⇇ llcorner ⌞ llhard ⥫ ' +
  'lltri ◺ lmidot ŀ lmoust ⎰ lmoustache ⎰ lnE ≨ lnap ⪉ lnapprox ⪉ lne ⪇ lneq ⪇ lneqq ≨ lnsim ⋦ loang ⟬ ' +
  'loarr ⇽ lobrk ⟦ longleftarrow ⟵ longleftrightarrow ⟷ longmapsto ⟼ longrightarrow ⟶ looparrowleft ↫ ' +
  'looparrowright ↬ lopar ⦅ loplus ⨭ lotimes ⨴ lowast ∗ lowbar _ loz ◊ lozenge ◊ lozf ⧫ lpar ( ' +
  'lparlt ⦓ lrarr ⇆ lrcorner ⌟ lrhar ⇋ lrhard ⥭ lrm \u200e lrtri ⊿ lsaquo ‹ lsh ↰ lsim ≲ lsime ⪍ ' +
  'lsimg ⪏ lsqb [ lsquo ‘ lsquor ‚ lstrok ł lt < ltcc ⪦ ltcir ⩹ ltdot ⋖ lthree ⋋ ltimes ⋉ ltlarr ⥶ ' +
  'ltquest ⩻ ltrPar ⦖ ltri ◃ ltrie ⊴ ltrif ◂ lurdshar ⥊ luruhar ⥦ lvertneqq ≨\ufe00 lvnE ≨\ufe00 ' +
  'mDDot ∺ macr ¯ male ♂ malt ✠ maltese ✠ map ↦ mapsto ↦ mapstodown ↧ mapstoleft ↤ mapstoup ↥ marker ▮ ' +
  'mcomma ⨩ mcy м mdash — measuredangle ∡ mho ℧ micro µ mid ∣ midast * midcir ⫰ middot · minus − ' +
  'minusb ⊟ minusd ∸ minusdu ⨪ mlcp ⫛ mldr … mnplus ∓ models ⊧ mp ∓ mstpos ∾ mu μ multimap ⊸ mumap ⊸ ' +
  'nGg ⋙\u0338 nGt ≫\u20d2 nGtv ≫\u0338 nLeftarrow ⇍ nLeftrightarrow ⇎ nLl ⋘\u0338 nLt ≪\u20d2 ' +
  'nLtv ≪\u0338 nRightarrow ⇏ nVDash ⊯ nVdash ⊮ nabla ∇ nang ∠\u20d2 nap ≉ napE ⩰\u0338 napid ≋\u0338 ' +
  'napos ŉ napprox ≉ natur ♮ natural ♮ naturals ℕ nbsp \u00a0 nbump ≎\u0338 nbumpe ≏\u0338 ncap ⩃ ' +
  'ncong ≇ ncongdot ⩭\u0338 ncup ⩂ ncy н ndash – ne ≠ neArr ⇗ nearhk ⤤ nearr ↗ nearrow ↗ nedot ≐\u0338 ' +
  'nequiv ≢ nesear ⤨ nesim ≂\u0338 nexist ∄ nexists ∄ ngE ≧\u0338 nge ≱ ngeq ≱ ngeqq ≧\u0338 ' +
  'ngeqslant ⩾\u0338 nges ⩾\u0338 ngsim ≵ ngt ≯ ngtr ≯ nhArr ⇎ nharr ↮ nhpar ⫲ ni ∋ nis ⋼ nisd ⋺ niv ∋ ' +
  'njcy њ nlArr ⇍ nlE ≦\u0338 nlarr ↚ nldr ‥ nle ≰ nleftarrow ↚ nleftrightarrow ↮ nleq ≰ nleqq ≦\u0338 ' +
  'nleqslant ⩽\u0338 nles ⩽\u0338 nless ≮ nlsim ≴ nlt ≮ nltri ⋪ nltrie ⋬ nmid ∤ not ¬ notin ∉ ' +
  'notinE ⋹\u0338 notindot ⋵\u0338 notinva ∉ notinvb ⋷ notinvc ⋶ notni ∌ notniva ∌ notnivb ⋾ notnivc ⋽ ' +
  'npar ∦ nparallel ∦ nparsl ⫽\u20e5 npart ∂\u0338 npolint ⨔ npr ⊀ nprcue ⋠ npre ⪯\u0338 nprec ⊀ ' +
  'npreceq ⪯\u0338 nrArr ⇏ nrarr ↛ nrarrc ⤳\u0338 nrarrw ↝\u0338 nrightarrow ↛ nrtri ⋫ nrtrie ⋭ nsc ⊁ ' +
  'nsccue ⋡ nsce ⪰\u0338 nshortmid ∤ nshortparallel ∦ nsim ≁ nsime ≄ nsimeq ≄ nsmid ∤ nspar ∦ ' +
  'nsqsube ⋢ nsqsupe ⋣ nsub ⊄ nsubE ⫅\u0338 nsube ⊈ nsubset ⊂\u20d2 nsubseteq ⊈ nsubseteqq ⫅\u0338 ' +
  'nsucc ⊁ nsucceq ⪰\u0338 nsup ⊅ nsupE ⫆\u0338 nsupe ⊉ nsupset ⊃\u20d2 nsupseteq ⊉ nsupseteqq ⫆\u0338 ' +
  'ntgl ≹ ntlg ≸ ntriangleleft ⋪ ntrianglelefteq ⋬ ntriangleright ⋫ ntrianglerighteq ⋭ nu ν num # ' +
  'numero № numsp \u2007 nvDash ⊭ nvHarr ⤄ nvap ≍\u20d2 nvdash ⊬ nvge ≥\u20d2 nvgt >\u20d2 nvinfin ⧞ ' +
  'nvlArr ⤂ nvle ≤\u20d2 nvlt <\u20d2 nvltrie ⊴\u20d2 nvrArr ⤃ nvrtrie ⊵\u20d2 nvsim ∼\u20d2 nwArr ⇖ ' +
  'nwarhk ⤣ nwarr ↖ nwarrow ↖ nwnear ⤧ oS Ⓢ oast ⊛ ocir ⊚ ocy о odash ⊝ odiv ⨸ odot ⊙ odsold ⦼ oelig œ ' +
  'ofcir ⦿ ogon ˛ ogt ⧁ ohbar ⦵ ohm Ω oint ∮ olarr ↺ olcir ⦾ olcross ⦻ oline ‾ olt ⧀ omega ω omicron ο ' +
  'omid ⦶ ominus ⊖ opar ⦷ operp ⦹ oplus ⊕ or ∨ orarr ↻ ord ⩝ order ℴ orderof ℴ ordf ª ordm º origof ⊶ ' +
  'oror ⩖ orslope ⩗ orv ⩛ oscr ℴ oslash ø osol ⊘ otimes ⊗ otimesas ⨶ ovbar ⌽ par ∥ para ¶ parallel ∥ ' +
  'parsim ⫳ parsl ⫽ part ∂ pcy п percnt % period . permil ‰ perp ⊥ pertenk ‱ phi φ phiv ϕ phmmat ℳ ' +
  'phone ☎ pi π pitchfork ⋔ piv ϖ planck ℏ planckh ℎ plankv ℏ plus + plusacir ⨣ plusb ⊞ pluscir ⨢ ' +
  'plusdo ∔ plusdu ⨥ pluse ⩲ plusmn ± plussim ⨦ plustwo ⨧ pm ± pointint ⨕ pound £ pr ≺ prE ⪳ prap ⪷ ' +
  'prcue ≼ pre ⪯ prec ≺ precapprox ⪷ preccurlyeq ≼ preceq ⪯ precnapprox ⪹ precneqq ⪵ precnsim ⋨ ' +
  'precsim ≾ prime ′ primes ℙ prnE ⪵ prnap ⪹ prnsim ⋨ prod ∏ profalar ⌮ profline ⌒ profsurf ⌓ prop ∝ ' +
  'propto ∝ prsim ≾ prurel ⊰ psi ψ puncsp \u2008 qint ⨌ qprime ⁗ quaternions ℍ quatint ⨖ quest ? ' +
  'questeq ≟ quot " rAarr ⇛ rArr ⇒ rAtail ⤜ rBarr ⤏ rHar ⥤ race ∽\u0331 radic √ raemptyv ⦳ rang ⟩ ' +
  'rangd ⦒ range ⦥ rangle ⟩ raquo » rarr → rarrap ⥵ rarrb ⇥ rarrbfs ⤠ rarrc ⤳ rarrfs ⤞ rarrhk ↪ ' +
  'rarrlp ↬ rarrpl ⥅ rarrsim ⥴ rarrtl ↣ rarrw ↝ ratail ⤚ ratio ∶ rationals ℚ rbarr ⤍ rbbrk ❳ rbrace } ' +
  'rbrack ] rbrke ⦌ rbrksld ⦎ rbrkslu ⦐ rceil ⌉ rcub } rcy р rdca ⤷ rdldhar ⥩ rdquo ” rdquor ” rdsh ↳ ' +
  'real ℜ realine ℛ realpart ℜ reals ℝ rect ▭ reg ® rfisht ⥽ rfloor ⌋ rhard ⇁ rharu ⇀ rharul ⥬ rho ρ ' +
  'rhov ϱ rightarrow → rightarrowtail ↣ rightharpoondown ⇁ rightharpoonup ⇀ rightleftarrows ⇄ ' +
  'rightleftharpoons ⇌ rightrightarrows ⇉ rightsquigarrow ↝ rightthreetimes ⋌ ring ˚ risingdotseq ≓ ' +
  'rlarr ⇄ rlhar ⇌ rlm \u200f rmoust ⎱ rmoustache ⎱ rnmid ⫮ roang ⟭ roarr ⇾ robrk ⟧ ropar ⦆ roplus ⨮ ' +
  'rotimes ⨵ rpar ) rpargt ⦔ rppolint ⨒ rrarr ⇉ rsaquo › rsh ↱ rsqb ] rsquo ’ rsquor ’ rthree ⋌ ' +
  'rtimes ⋊ rtri ▹ rtrie ⊵ rtrif ▸ rtriltri ⧎ ruluhar ⥨ rx ℞ sbquo ‚ sc ≻ scE ⪴ scap ⪸ sccue ≽ sce ⪰ ' +
  'scnE ⪶ scnap ⪺ scnsim ⋩ scpolint ⨓ scsim ≿ scy с sdot ⋅ sdotb ⊡ sdote ⩦ seArr ⇘ searhk ⤥ searr ↘ ' +
  'searrow ↘ sect § semi ; seswar ⤩ setminus ∖ setmn ∖ sext ✶ sfrown ⌢ sharp ♯ shchcy щ shcy ш ' +
  'shortmid ∣ shortparallel ∥ shy \u00ad sigma σ sigmaf ς sigmav ς sim ∼ simdot ⩪ sime ≃ simeq ≃ ' +
  'simg ⪞ simgE ⪠ siml ⪝ simlE ⪟ simne ≆ simplus ⨤ simrarr ⥲ slarr ← smallsetminus ∖ smashp ⨳ ' +
  'smeparsl ⧤ smid ∣ smile ⌣ smt ⪪ smte ⪬ smtes ⪬\ufe00 softcy ь sol / solb ⧄ solbar ⌿ spades ♠ ' +
  'spadesuit ♠ spar ∥ sqcap ⊓ sqcaps ⊓\ufe00 sqcup ⊔ sqcups ⊔\ufe00 sqsub ⊏ sqsube ⊑ sqsubset ⊏ ' +
  'sqsubseteq ⊑ sqsup ⊐ sqsupe ⊒ sqsupset ⊐ sqsupseteq ⊒ squ □ square □ squarf ▪ squf ▪ srarr → ' +
  'ssetmn ∖ ssmile ⌣ sstarf ⋆ star ☆ starf ★ straightepsilon ϵ straightphi ϕ strns ¯ sub ⊂ subE ⫅ ' +
  'subdot ⪽ sube ⊆ subedot ⫃ submult ⫁ subnE ⫋ subne ⊊ subplus ⪿ subrarr ⥹ subset ⊂ subseteq ⊆ ' +
  'subseteqq ⫅ subsetneq ⊊ subsetneqq ⫋ subsim ⫇ subsub ⫕ subsup ⫓ succ ≻ succapprox ⪸ succcurlyeq ≽ ' +
  'succeq ⪰ succnapprox ⪺ succneqq ⪶ succnsim ⋩ succsim ≿ sum ∑ sung ♪ sup ⊃ sup1 ¹ sup2 ² sup3 ³ ' +
  'supE ⫆ supdot ⪾ supdsub ⫘ supe ⊇ supedot ⫄ suphsol ⟉ suphsub ⫗ suplarr ⥻ supmult ⫂ supnE ⫌ supne ⊋ ' +
  'supplus ⫀ supset ⊃ supseteq ⊇ supseteqq ⫆ supsetneq ⊋ supsetneqq ⫌ supsim ⫈ supsub ⫔ supsup ⫖ ' +
  'swArr ⇙ swarhk ⤦ swarr ↙ swarrow ↙ swnwar ⤪ szlig ß target ⌖ tau τ tbrk ⎴ tcy т tdot \u20db ' +
  'telrec ⌕ there4 ∴ therefore ∴ theta θ thetasym ϑ thetav ϑ thickapprox ≈ thicksim ∼ thinsp \u2009 ' +
  'thkap ≈ thksim ∼ thorn þ tilde ˜ times × timesb ⊠ timesbar ⨱ timesd ⨰ tint ∭ toea ⤨ top ⊤ topbot ⌶ ' +
  'topcir ⫱ topfork ⫚ tosa ⤩ tprime ‴ trade ™ triangle ▵ triangledown ▿ triangleleft ◃ ' +
  'trianglelefteq ⊴ triangleq ≜ triangleright ▹ trianglerighteq ⊵ tridot ◬ trie ≜ triminus ⨺ triplus ⨹ ' +
  'trisb ⧍ tritime ⨻ trpezium ⏢ tscy ц tshcy ћ tstrok ŧ twixt ≬ twoheadleftarrow ↞ twoheadrightarrow ↠ ' +
  'uArr ⇑ uHar ⥣ uarr ↑ ubrcy ў ucy у udarr ⇅ udhar ⥮ ufisht ⥾ uharl ↿ uharr ↾ uhblk ▀ ulcorn ⌜ ' +
  'ulcorner ⌜ ulcrop ⌏ ultri ◸ uml ¨ uparrow ↑ updownarrow ↕ upharpoonleft ↿ upharpoonright ↾ uplus ⊎ ' +
  'upsi υ upsih ϒ upsilon υ upuparrows ⇈ urcorn ⌝ urcorner ⌝ urcrop ⌎ urtri ◹ utdot ⋰ utri ▵ utrif ▴ ' +
  'uuarr ⇈ uwangle ⦧ vArr ⇕ vBar ⫨ vBarv ⫩ vDash ⊨ vangrt ⦜ varepsilon ϵ varkappa ϰ varnothing ∅ ' +
  'varphi ϕ varpi ϖ varpropto ∝ varr ↕ varrho ϱ varsigma ς varsubsetneq ⊊\ufe00 varsubsetneqq ⫋\ufe00 ' +
  'varsupsetneq ⊋\ufe00 varsupsetneqq ⫌\ufe00 vartheta ϑ vartriangleleft ⊲ vartriangleright ⊳ vcy в ' +
  'vdash ⊢ vee ∨ veebar ⊻ veeeq ≚ vellip ⋮ verbar | vert | vltri ⊲ vnsub ⊂\u20d2 vnsup ⊃\u20d2 vprop ∝ ' +
  'vrtri ⊳ vsubnE ⫋\ufe00 vsubne ⊊\ufe00 vsupnE ⫌\ufe00 vsupne ⊋\ufe00 vzigzag ⦚ wedbar ⩟ wedge ∧ ' +
  'wedgeq ≙ weierp ℘ wp ℘ wr ≀ wreath ≀ xcap ⋂ xcirc ◯ xcup ⋃ xdtri ▽ xhArr ⟺ xharr ⟷ xi ξ xlArr ⟸ ' +
  'xlarr ⟵ xmap ⟼ xnis ⋻ xodot ⨀ xoplus ⨁ xotime ⨂ xrArr ⟹ xrarr ⟶ xsqcup ⨆ xuplus ⨄ xutri △ xvee ⋁ ' +
  'xwedge ⋀ yacy я ycy ы yen ¥ yicy ї yucy ю zcy з zeetrf ℨ zeta ζ zhcy ж zigrarr ⇝ zwj \u200d ' +
  'zwnj \u200c';

/** Entities HTML5 also recognises without the trailing `;` (legacy names such as `amp`, `copy`, `eacute`). */
const LEGACY =
  'AElig AMP Aacute Acirc Agrave Aring Atilde Auml COPY Ccedil ETH Eacute Ecirc Egrave Euml GT Iacute ' +
  'Icirc Igrave Iuml LT Ntilde Oacute Ocirc Ograve Oslash Otilde Ouml QUOT REG THORN Uacute Ucirc ' +
  'Ugrave Uuml Yacute aacute acirc acute aelig agrave amp aring atilde auml brvbar ccedil cedil cent ' +
  'copy curren deg divide eacute ecirc egrave eth euml frac12 frac14 frac34 gt iacute icirc iexcl ' +
  'igrave iquest iuml laquo lt macr micro middot nbsp not ntilde oacute ocirc ograve ordf ordm oslash ' +
  'otilde ouml para plusmn pound quot raquo reg sect shy sup1 sup2 sup3 szlig thorn times uacute ucirc ' +
  'ugrave uml uuml yacute yen yuml';

let table: Map<string, string> | undefined;

/** The entity table keyed as Python's `html5` dict: `'amp;'` and, for legacy names, `'amp'` too. */
export function htmlEntities(): ReadonlyMap<string, string> {
  if (table) return table;
  table = new Map();
  for (const [suffix, mark, letters] of DIACRITICS) {
    for (const letter of letters) table.set(`${letter}${suffix};`, `${letter}${mark}`.normalize('NFC'));
  }
  for (const [suffix, upper, lower] of MATH_LETTERS) {
    for (let i = 0; i < 26; i++) {
      table.set(`${String.fromCharCode(0x41 + i)}${suffix};`, String.fromCodePoint(upper + i));
      table.set(`${String.fromCharCode(0x61 + i)}${suffix};`, String.fromCodePoint(lower + i));
    }
  }
  const named = NAMED.split(' ');
  for (let i = 0; i < named.length; i += 2) table.set(`${named[i]};`, named[i + 1]);
  for (const name of LEGACY.split(' ')) table.set(name, table.get(`${name};`) as string);
  return table;
}
