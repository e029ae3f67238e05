// LudiiDriver: small command-line harness around the decompiled Ludii 1.0.8 engine
// (automenta/ludii mirror), used as a reference for a Python re-implementation.
//
// Usage:
//   java ... LudiiDriver info  <game> [--opt "Cat/Item"]...
//   java ... LudiiDriver speed <game> [--warmup S] [--secs S] [--runs N] [--mode playout|loop] [--cap N] [--opt ...]
//   java ... LudiiDriver trace <game> [--seed N] [--nseeds K] [--maxply N] [--board] [--full] [--state] [--dice] [--opt ...]
//   java ... LudiiDriver board <game> [--all-types] [--opt ...]
//   java ... LudiiDriver perft <game> [--depth D] [--opt ...]
//
// <game> is either a path to a .lud file (if it exists on disk) or a bundled
// name resolved by util.GameLoader.loadGameFromName ("Hex.lud",
// "board/space/connection/Hex.lud", "/lud/board/...").
//
// Move key format (used by trace and to sort moves):
//   <Type>:<from>-><to>[@<SiteType>][/<what>][|<full actions>]
// where Type is the decision action's description (Add, Move, Pass, Swap,
// Remove, Promote, ...), from/to are the site indices Ludii reports for the
// move (Move.fromNonDecision()/toNonDecision(), -1 if none), SiteType is given
// only when the decision action is not on the board's default site type,
// /what is the component index for Add/Promote-style actions.
// With --full the key is followed by "  ||  " and Move.toTrialFormat(null)
// (the move's own actions, without consequences). With --state every `play` line is
// followed by "state over <bool> (next <p> | winner <w>)" and the trace ends with a
// "result over .. winner .. returns u1,u2[ scores ..]" line.
// With --dice (ludeme's copy of the driver) every `ply` line of a game with dice is
// followed by "dice v1 v2 ..": the faces of the roll this ply's legal moves were made
// with (Ludii rolls while it generates them, in (do (roll) next:...), and each move
// carries the roll as dice updates), or "dice -" when no legal move carries a roll
// (no roll this ply, or a roll that left the mover only Ludii's inserted pass).
//
// board: every site of container 0 in Ludii's indexing (label, centroid, row/col,
// steps per compass direction from the trajectories, orthogonal/diagonal/adjacent/off
// lists), then the Topology's named regions (Side.<dir>, Top, ..., Row.<k>, Column.<k>),
// the equipment's declared regions, tracks and player directions. Format: NOTES.md.

import game.Game;
import game.equipment.container.board.Track;
import game.equipment.other.Regions;
import game.types.board.RelationType;
import game.types.board.SiteType;
import game.util.directions.AbsoluteDirection;
import game.util.directions.CompassDirection;
import game.util.directions.DirectionFacing;
import game.util.graph.Step;
import topology.Topology;
import topology.TopologyElement;
import collections.FastArrayList;
import util.Context;
import util.GameLoader;
import util.Move;
import util.Trial;
import util.action.Action;
import util.action.die.ActionUpdateDice;
import util.state.containerState.ContainerState;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;

public final class LudiiDriver
{
    static List<String> options = new ArrayList<>();

    static Game load(final String name) {
        final File f = new File(name);
        final Game g;
        if (f.exists() && f.isFile())
            g = GameLoader.loadGameFromFile(f, options);
        else
            g = GameLoader.loadGameFromName(name, options);
        if (g == null)
            throw new RuntimeException("could not load game " + name);
        return g;
    }

    static String moveKey(final Context context, final Move m, final boolean full) {
        Action dec = null;
        for (final Action a : m.actions()) {
            if (a.isDecision()) { dec = a; break; }
        }
        if (dec == null && !m.actions().isEmpty())
            dec = m.actions().get(0);
        final StringBuilder sb = new StringBuilder();
        sb.append(dec == null ? "Empty" : dec.getDescription());
        final int from = m.fromNonDecision();
        final int to = m.toNonDecision();
        sb.append(':').append(from).append("->").append(to);
        if (dec != null) {
            final SiteType def = context.board().defaultSite();
            final SiteType t = dec.toType();
            if (t != null && t != def)
                sb.append('@').append(t);
            final String d = dec.getDescription();
            if (d.equals("Add") || d.equals("Promote") || d.equals("Insert"))
                sb.append('/').append(dec.what());
        }
        if (full)
            sb.append("  ||  ").append(m.toTrialFormat(null));
        return sb.toString();
    }

    /** Legal moves sorted by key (stable, with full trial format as tie-break). */
    static List<Move> sortedLegal(final Context context, final FastArrayList<Move> legal, final List<String> keysOut, final boolean full) {
        final int n = legal.size();
        final Integer[] idx = new Integer[n];
        final String[] keys = new String[n];
        final String[] tie = new String[n];
        for (int i = 0; i < n; ++i) {
            idx[i] = i;
            keys[i] = moveKey(context, legal.get(i), full);
            tie[i] = legal.get(i).toTrialFormat(null);
        }
        // order: decision type, then from, then to (numerically), then key, then full actions
        final String[] types = new String[n];
        final int[] froms = new int[n];
        final int[] tos = new int[n];
        for (int i = 0; i < n; ++i) {
            types[i] = keys[i].substring(0, keys[i].indexOf(':'));
            froms[i] = legal.get(i).fromNonDecision();
            tos[i] = legal.get(i).toNonDecision();
        }
        Arrays.sort(idx, (a, b) -> {
            int c = types[a].compareTo(types[b]);
            if (c != 0) return c;
            c = Integer.compare(froms[a], froms[b]);
            if (c != 0) return c;
            c = Integer.compare(tos[a], tos[b]);
            if (c != 0) return c;
            c = keys[a].compareTo(keys[b]);
            return c != 0 ? c : tie[a].compareTo(tie[b]);
        });
        final List<Move> out = new ArrayList<>(n);
        for (final Integer i : idx) {
            out.add(legal.get(i));
            if (keysOut != null) keysOut.add(keys[i]);
        }
        return out;
    }

    static void info(final Game game) {
        final Context context = new Context(game, new Trial(game));
        game.start(context);
        System.out.println("name: " + game.name());
        System.out.println("players: " + game.players().count());
        System.out.println("alternating: " + game.isAlternatingMoveGame() + "  stochastic: " + game.isStochasticGame());
        System.out.println("defaultSite: " + context.board().defaultSite());
        System.out.println("cells: " + context.board().topology().cells().size()
            + " vertices: " + context.board().topology().vertices().size()
            + " edges: " + context.board().topology().edges().size());
        System.out.println("legal moves at start: " + game.moves(context).moves().size());
    }

    static void speed(final Game game, final double warmup, final double secs, final int runs, final String mode, final int cap) {
        final Context context = new Context(game, new Trial(game));
        final Random rnd = new Random(12345);
        System.out.println("game: " + game.name() + "  mode: " + mode + "  warmup: " + warmup + "s  runs: " + runs + " x " + secs + "s");
        runFor(game, context, warmup, mode, cap, rnd);
        System.gc();
        final double[] mps = new double[runs];
        for (int r = 0; r < runs; ++r) {
            final long[] res = runFor(game, context, secs, mode, cap, rnd);
            final double t = res[2] / 1e9;
            mps[r] = res[1] / t;
            System.out.printf("run %d: %d playouts, %d moves in %.3fs -> %.1f playouts/s, %.0f moves/s, %.1f moves/playout%n",
                r + 1, res[0], res[1], t, res[0] / t, res[1] / t, res[1] / (double) res[0]);
        }
        final double[] s = mps.clone();
        Arrays.sort(s);
        System.out.printf("RESULT %s mode=%s median_moves_per_s=%.0f%n", game.name(), mode, s[s.length / 2]);
    }

    /** returns {playouts, moves, nanos} */
    static long[] runFor(final Game game, final Context context, final double secs, final String mode, final int cap, final Random rnd) {
        final long start = System.nanoTime();
        final long stop = start + (long) (secs * 1e9);
        long playouts = 0, moves = 0;
        long now = start;
        while (now < stop) {
            game.start(context);
            final Trial trial = context.trial();
            final int before = trial.numMoves();
            if (mode.equals("playout")) {
                game.playout(context, null, 1.0, null, null, 0, cap, -1f, rnd);
            } else {
                int applied = 0;
                while (!trial.over() && (cap < 0 || applied < cap)) {
                    final FastArrayList<Move> legal = game.moves(context).moves();
                    game.apply(context, legal.get(rnd.nextInt(legal.size())));
                    ++applied;
                }
            }
            moves += trial.numMoves() - before;
            ++playouts;
            now = System.nanoTime();
        }
        return new long[] { playouts, moves, now - start };
    }

    /** Board of container 0 on the default site type.
     *  Non-stacking games: "who:<w0>,<w1>,..." then " what:..." then " state:..."
     *  (what = Ludii component index, state = piece state, e.g. Reversi's disc side).
     *  Stacking games: per site the stack bottom->top as who values joined by '.', '-' if empty. */
    static String boardString(final Context context) {
        final SiteType t = context.board().defaultSite();
        final ContainerState cs = context.containerState(0);
        final int n = context.board().topology().getGraphElements(t).size();
        final StringBuilder sb = new StringBuilder();
        if (context.game().isStacking()) {
            sb.append("stacks:");
            for (int s = 0; s < n; ++s) {
                if (s > 0) sb.append(',');
                final int h = cs.sizeStack(s, t);
                if (h == 0) sb.append('-');
                for (int l = 0; l < h; ++l) {
                    if (l > 0) sb.append('.');
                    sb.append(cs.who(s, l, t));
                }
            }
            return sb.toString();
        }
        final StringBuilder what = new StringBuilder(" what:");
        final StringBuilder state = new StringBuilder(" state:");
        sb.append("who:");
        for (int s = 0; s < n; ++s) {
            if (s > 0) { sb.append(','); what.append(','); state.append(','); }
            sb.append(cs.who(s, t));
            what.append(cs.what(s, t));
            state.append(cs.state(s, t));
        }
        return sb.append(what).append(state).toString();
    }

    /** Per player (index 1..n): Ludii's ranking turned into a utility in [-1, 1] as
     *  Ludii's AIUtils.utilities does (rank 1 -> 1, last rank -> -1; a player with no rank
     *  yet gets the next draw rank). Empty when the trial is not over. */
    static double[] returns(final Context context) {
        final double[] ranking = context.trial().ranking();
        final int n = ranking.length - 1;
        final double[] u = new double[ranking.length];
        for (int p = 1; p <= n; ++p) {
            double rank = ranking[p];
            if (n > 1 && rank == 0.0) rank = context.computeNextDrawRank();
            u[p] = n == 1 ? 2.0 * rank - 1.0 : 1.0 - (rank - 1.0) * (2.0 / (n - 1));
        }
        return u;
    }

    static String winnerString(final Trial trial) {
        return trial.status() == null ? "none" : String.valueOf(trial.status().winner());
    }

    static String joinRanks(final Game game, final double[] a) {
        final StringBuilder sb = new StringBuilder();
        for (int p = 1; p <= game.players().count(); ++p)
            sb.append(p == 1 ? "" : ",").append(a[p]);
        return sb.toString();
    }

    // the faces of the roll the legal moves carry (the first dice update of each die site
    // in a move's actions: the roll comes first, a double replayed comes after)
    static String diceLine(final Context context, final FastArrayList<Move> legal) {
        for (final Move m : legal) {
            final java.util.TreeMap<Integer, Integer> faces = new java.util.TreeMap<>();
            for (final Action a : m.actions()) {
                if (a instanceof ActionUpdateDice) {
                    final int site = a.from();
                    final int what = context.containerState(context.containerId()[site]).whatCell(site);
                    if (what > 0)
                        faces.putIfAbsent(site, context.components()[what].getFaces()[a.state()]);
                }
            }
            if (!faces.isEmpty()) {
                final StringBuilder sb = new StringBuilder("dice");
                for (final int v : faces.values())
                    sb.append(' ').append(v);
                return sb.toString();
            }
        }
        return "dice -";
    }

    static boolean diceLines = false;

    static void trace(final Game game, final long seed, final int maxPly, final boolean board, final boolean full, final boolean stateLines) {
        final Context context = new Context(game, new Trial(game));
        // seed Ludii's own RNG too (only matters for stochastic games)
        context.rng().restoreState(new org.apache.commons.rng.core.source64.SplitMix64(seed).saveState());
        game.start(context);
        final SplittableRandom rnd = new SplittableRandom(seed);
        final Trial trial = context.trial();
        System.out.println("# game " + game.name() + " seed " + seed + " defaultSite " + context.board().defaultSite());
        int ply = 0;
        while (!trial.over() && ply < maxPly) {
            final FastArrayList<Move> legal = game.moves(context).moves();
            final List<String> keys = new ArrayList<>();
            final List<Move> sorted = sortedLegal(context, legal, keys, full);
            System.out.println("ply " + ply + " mover " + context.state().mover() + " n " + sorted.size());
            if (diceLines && game.hasHandDice())
                System.out.println(diceLine(context, legal));
            if (board)
                System.out.println("board " + boardString(context));
            for (final String k : keys)
                System.out.println("  " + k);
            final int choice = rnd.nextInt(sorted.size());
            System.out.println("play " + choice + " " + keys.get(choice));
            game.apply(context, sorted.get(choice));
            ++ply;
            if (stateLines) {
                final StringBuilder st = new StringBuilder("state over ").append(trial.over());
                if (trial.over())
                    st.append(" winner ").append(winnerString(trial));
                else
                    st.append(" next ").append(context.state().mover());
                System.out.println(st);
            }
        }
        if (board)
            System.out.println("board " + boardString(context));
        System.out.println("end plies " + ply + " over " + trial.over()
            + " winner " + winnerString(trial)
            + " ranking " + joinRanks(game, trial.ranking()));
        if (stateLines) {
            final StringBuilder r = new StringBuilder("result over ").append(trial.over())
                .append(" winner ").append(winnerString(trial))
                .append(" returns ").append(trial.over() ? joinRanks(game, returns(context)) : "-");
            if (game.requiresScore()) {
                r.append(" scores ");
                for (int p = 1; p <= game.players().count(); ++p)
                    r.append(p == 1 ? "" : ",").append(context.score(p));
            }
            System.out.println(r);
        }
    }


    // ------------------------------------------------------------------ board
    /** The 16 compass directions, clockwise from N (Ludii's CompassDirection order). */
    static final AbsoluteDirection[] COMPASS = {
        AbsoluteDirection.N, AbsoluteDirection.NNE, AbsoluteDirection.NE, AbsoluteDirection.ENE,
        AbsoluteDirection.E, AbsoluteDirection.ESE, AbsoluteDirection.SE, AbsoluteDirection.SSE,
        AbsoluteDirection.S, AbsoluteDirection.SSW, AbsoluteDirection.SW, AbsoluteDirection.WSW,
        AbsoluteDirection.W, AbsoluteDirection.WNW, AbsoluteDirection.NW, AbsoluteDirection.NNW };
    static final CompassDirection[] MAIN8 = {
        CompassDirection.N, CompassDirection.NE, CompassDirection.E, CompassDirection.SE,
        CompassDirection.S, CompassDirection.SW, CompassDirection.W, CompassDirection.NW };

    static String fmt(final double v) {
        final String t = String.format(Locale.ROOT, "%.4f", v);
        return t.equals("-0.0000") ? "0.0000" : t;
    }

    /** Sorted, de-duplicated, comma-joined indices; "-" when empty. */
    static String idxList(final List<? extends TopologyElement> elems) {
        if (elems == null) return "-";
        final int[] a = new int[elems.size()];
        for (int i = 0; i < a.length; ++i) a[i] = elems.get(i).index();
        return intList(a);
    }

    static String intList(final int[] in) {
        if (in == null || in.length == 0) return "-";
        final int[] a = in.clone();
        Arrays.sort(a);
        final StringBuilder sb = new StringBuilder();
        for (int i = 0; i < a.length; ++i) {
            if (i > 0 && a[i] == a[i - 1]) continue;
            if (sb.length() > 0) sb.append(',');
            sb.append(a[i]);
        }
        return sb.toString();
    }

    /** Site types the game uses: the board's default type plus those the game flags name
     *  (if the board has such elements); all three with --all-types. */
    static List<SiteType> typesInUse(final Game game, final boolean all) {
        final List<SiteType> out = new ArrayList<>();
        final SiteType def = game.board().defaultSite();
        for (final SiteType t : new SiteType[] { SiteType.Cell, SiteType.Vertex, SiteType.Edge }) {
            final boolean used = all || t == def
                || (t == SiteType.Cell && game.isCellGame())
                || (t == SiteType.Vertex && game.isVertexGame())
                || (t == SiteType.Edge && game.isEdgeGame());
            if (used && (all || t == def || !game.board().topology().getGraphElements(t).isEmpty()))
                out.add(t);
        }
        return out;
    }

    static void region(final SiteType t, final String name, final List<? extends TopologyElement> elems) {
        System.out.println("region " + t + " " + name + " " + idxList(elems));
    }

    static void board(final Game game, final boolean allTypes) {
        final Context context = new Context(game, new Trial(game));
        game.start(context);
        final Topology topo = game.board().topology();
        final SiteType def = game.board().defaultSite();
        final List<SiteType> types = typesInUse(game, allTypes);
        System.out.println("# board " + game.name() + " options " + options);
        System.out.println("defaultSite " + def);
        final StringBuilder tl = new StringBuilder("types");
        for (final SiteType t : types) tl.append(' ').append(t);
        System.out.println(tl);
        System.out.println("counts Cell " + topo.cells().size() + " Vertex " + topo.vertices().size()
            + " Edge " + topo.edges().size());
        for (final SiteType t : types) {
            final StringBuilder dl = new StringBuilder("directions " + t);
            for (final DirectionFacing d : topo.supportedDirections(RelationType.Adjacent, t))
                dl.append(' ').append(d.uniqueName());
            System.out.println(dl);
        }
        // sites
        for (final SiteType t : types) {
            for (final TopologyElement e : topo.getGraphElements(t)) {
                final StringBuilder sb = new StringBuilder();
                sb.append("site ").append(t).append(' ').append(e.index())
                  .append(" label=").append(e.label().replace(' ', '_'))
                  .append(" x=").append(fmt(e.centroid().getX()))
                  .append(" y=").append(fmt(e.centroid().getY()))
                  .append(" row=").append(e.row()).append(" col=").append(e.col());
                if (e.layer() != 0) sb.append(" layer=").append(e.layer());
                final StringBuilder steps = new StringBuilder();
                for (final AbsoluteDirection d : COMPASS) {
                    final List<Step> st = topo.trajectories().steps(t, e.index(), t, d);
                    if (st == null || st.isEmpty()) continue;
                    final int[] to = new int[st.size()];
                    for (int i = 0; i < to.length; ++i) to[i] = st.get(i).to().id();
                    Arrays.sort(to);
                    if (steps.length() > 0) steps.append(',');
                    steps.append(d).append(':');
                    for (int i = 0; i < to.length; ++i) steps.append(i > 0 ? "+" : "").append(to[i]);
                }
                sb.append(" steps=").append(steps.length() == 0 ? "-" : steps.toString());
                sb.append(" orth=").append(idxList(e.orthogonal()));
                sb.append(" diag=").append(idxList(e.diagonal()));
                sb.append(" adj=").append(idxList(e.adjacent()));
                sb.append(" off=").append(idxList(e.off()));
                System.out.println(sb);
            }
        }
        // named regions of the board (Topology's precomputed lists)
        for (final SiteType t : types) {
            final Map<DirectionFacing, List<TopologyElement>> sides = topo.sides(t);
            for (final CompassDirection d : CompassDirection.values()) {
                final List<TopologyElement> side = sides == null ? null : sides.get(d);
                final boolean main = Arrays.asList(MAIN8).contains(d);
                if (main || (side != null && !side.isEmpty()))
                    region(t, "Side." + d, side);
            }
            region(t, "Top", topo.top(t));
            region(t, "Bottom", topo.bottom(t));
            region(t, "Left", topo.left(t));
            region(t, "Right", topo.right(t));
            region(t, "Corners", topo.corners(t));
            region(t, "CornersConvex", topo.cornersConvex(t));
            region(t, "CornersConcave", topo.cornersConcave(t));
            region(t, "Major", topo.major(t));
            region(t, "Minor", topo.minor(t));
            region(t, "Outer", topo.outer(t));
            region(t, "Inner", topo.inner(t));
            region(t, "Centre", topo.centre(t));
            region(t, "Perimeter", topo.perimeter(t));
            final List<List<TopologyElement>> rows = topo.rows(t);
            for (int i = 0; rows != null && i < rows.size(); ++i)
                region(t, "Row." + i, rows.get(i));
            final List<List<TopologyElement>> cols = topo.columns(t);
            for (int i = 0; cols != null && i < cols.size(); ++i)
                region(t, "Column." + i, cols.get(i));
        }
        // regions the description declares (equipment), evaluated at the start
        for (final Regions r : game.equipment().regions()) {
            final String head = "declared " + r.role() + " \"" + r.name() + "\" ";
            if (r.regionTypes() != null) {
                for (final game.types.board.RegionTypeStatic rt : r.regionTypes()) {
                    final Integer[][] sets = r.convertStaticRegionOnLocs(rt, context);
                    for (int i = 0; sets != null && i < sets.length; ++i) {
                        final int[] a = new int[sets[i].length];
                        for (int j = 0; j < a.length; ++j) a[j] = sets[i][j];
                        System.out.println(head + intList(a) + " static=" + rt + "." + i);
                    }
                }
            } else {
                System.out.println(head + intList(r.eval(context)));
            }
        }
        // tracks (mancala, race games): sites in track order
        for (final Track tr : game.board().tracks()) {
            final StringBuilder sb = new StringBuilder("track \"" + tr.name() + "\" owner " + tr.owner()
                + " loop " + tr.islooped() + " ");
            final Track.Elem[] el = tr.elems();
            for (int i = 0; i < el.length; ++i) sb.append(i > 0 ? "," : "").append(el[i].site);
            System.out.println(sb);
        }
        // player directions (used by (sites Side P1), Forward, ...)
        for (int p = 1; p <= game.players().count(); ++p) {
            final game.players.Player pl = game.players().players().get(p);
            System.out.println("player " + p + " name \"" + pl.name() + "\" direction "
                + (pl.direction() == null ? "-" : pl.direction().uniqueName()));
        }
    }

    static long perft(final Game game, final Context context, final int depth, final long[] terminalsAt, final int ply) {
        if (context.trial().over()) {
            terminalsAt[ply]++;
            return depth == 0 ? 1 : 0;
        }
        if (depth == 0)
            return 1;
        final FastArrayList<Move> legal = game.moves(context).moves();
        long total = 0;
        for (int i = 0; i < legal.size(); ++i) {
            final Context copy = new Context(context);
            game.apply(copy, legal.get(i));
            total += perft(game, copy, depth - 1, terminalsAt, ply + 1);
        }
        return total;
    }

    public static void main(final String[] args) {
        if (args.length < 2) {
            System.err.println("usage: LudiiDriver info|board|speed|trace|perft <game.lud|name> [options]");
            System.exit(2);
        }
        final String cmd = args[0];
        final String gameName = args[1];
        double warmup = 5, secs = 5;
        int runs = 3, depth = 3, maxPly = 100000, cap = -1, nSeeds = 1;
        long seed = 0;
        String mode = "playout";
        boolean board = false, full = false, stateLines = false, allTypes = false;
        for (int i = 2; i < args.length; ++i) {
            switch (args[i]) {
                case "--opt": options.add(args[++i]); break;
                case "--warmup": warmup = Double.parseDouble(args[++i]); break;
                case "--secs": secs = Double.parseDouble(args[++i]); break;
                case "--runs": runs = Integer.parseInt(args[++i]); break;
                case "--mode": mode = args[++i]; break;
                case "--cap": cap = Integer.parseInt(args[++i]); break;
                case "--depth": depth = Integer.parseInt(args[++i]); break;
                case "--seed": seed = Long.parseLong(args[++i]); break;
                case "--nseeds": nSeeds = Integer.parseInt(args[++i]); break;
                case "--maxply": maxPly = Integer.parseInt(args[++i]); break;
                case "--board": board = true; break;
                case "--full": full = true; break;
                case "--state": stateLines = true; break;
                case "--dice": diceLines = true; break;
                case "--all-types": allTypes = true; break;
                default: System.err.println("unknown option " + args[i]); System.exit(2);
            }
        }
        final long t0 = System.nanoTime();
        // the compiler prints diagnostics on stdout (e.g. metadata that this
        // decompiled build cannot compile); keep stdout clean for traces
        final java.io.PrintStream realOut = System.out;
        System.setOut(System.err);
        final Game game;
        try {
            game = load(gameName);
        } finally {
            System.setOut(realOut);
        }
        System.err.printf("# compiled %s in %.2fs (options %s)%n", game.name(), (System.nanoTime() - t0) / 1e9, options);
        switch (cmd) {
            case "info": info(game); break;
            case "speed": speed(game, warmup, secs, runs, mode, cap); break;
            case "trace":
                for (int k = 0; k < nSeeds; ++k)
                    trace(game, seed + k, maxPly, board, full, stateLines);
                break;
            case "board": board(game, allTypes); break;
            case "perft": {
                for (int d = 1; d <= depth; ++d) {
                    final Context context = new Context(game, new Trial(game));
                    game.start(context);
                    final long[] term = new long[d + 1];
                    final long t1 = System.nanoTime();
                    final long n = perft(game, context, d, term, 0);
                    long terms = 0;
                    for (final long x : term) terms += x;
                    System.out.printf("perft %s depth %d = %d  (terminal nodes at ply<=%d: %d)  %.2fs%n",
                        game.name(), d, n, d, terms, (System.nanoTime() - t1) / 1e9);
                }
                break;
            }
            default: System.err.println("unknown command " + cmd); System.exit(2);
        }
        System.exit(0);
    }
}
