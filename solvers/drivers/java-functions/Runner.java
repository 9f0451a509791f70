// The teacher's runner for java-functions (sudoku-harness, shape `driven`): built with the
// student's files, it reads one call a line on stdin, calls the student's static method of
// class Sudoku by reflection, and prints its reply on a line of its own, in JSON.
//
// A line is the method's name, then its arguments in config.yaml's `args:` order: a number as
// itself, a grid as its size n, then its n x n values row by row, 0 for a blank. A method the
// student's class lacks is said as `missing: NAME` on stderr, with exit status 86: its item
// alone is CE, the others run. solve, which fills the grid it is given, replies
// {"returned": FLAG, "grid": THE GRID AFTER}. The student's own prints go to stderr: stdout
// carries the replies alone.
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;

public final class Runner {
    private static final int MISSING = 86;
    private static final Class<?> GRID = int[][].class;
    private static final Class<?> INT = int.class;

    private final String[] tokens;
    private int next = 0;

    private Runner(String line) {
        tokens = line.trim().split("\\s+");
    }

    public static void main(String[] args) throws Throwable {
        FileOutputStream stdout = new FileOutputStream(FileDescriptor.out);
        PrintStream replies = new PrintStream(stdout, false, StandardCharsets.UTF_8);
        System.setOut(System.err);
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (!line.isBlank()) {
                replies.println(new Runner(line).call());
                replies.flush();
            }
        }
    }

    private String call() throws Throwable {
        String name = tokens[next++];
        switch (name) {
            case "isValid": {
                Class<?>[] types = {GRID, INT, INT, INT};
                return json(invoke(name, types, grid(), number(), number(), number()));
            }
            case "candidates": {
                Class<?>[] types = {GRID, INT, INT};
                return json(invoke(name, types, grid(), number(), number()));
            }
            case "mostConstrained":
                return json(invoke(name, new Class<?>[] {GRID}, (Object) grid()));
            case "solve": {
                int[][] grid = grid();
                Object solved = invoke(name, new Class<?>[] {GRID}, (Object) grid);
                return "{\"returned\": " + json(solved) + ", \"grid\": " + json(grid) + "}";
            }
            default:
                throw new IllegalArgumentException("runner: no call " + name);
        }
    }

    private int number() {
        return Integer.parseInt(tokens[next++]);
    }

    private int[][] grid() {
        int n = number();
        int[][] grid = new int[n][n];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                grid[r][c] = number();
            }
        }
        return grid;
    }

    private static Object invoke(String name, Class<?>[] types, Object... args) throws Throwable {
        Method method = null;
        try {
            method = Class.forName("Sudoku").getMethod(name, types);
        } catch (ClassNotFoundException | NoSuchMethodException absent) {
            System.err.println("missing: " + name);
            System.err.flush();
            Runtime.getRuntime().halt(MISSING);
        }
        try {
            return method.invoke(null, args);
        } catch (InvocationTargetException thrown) {
            throw thrown.getCause(); // the student's exception, as the JVM reports one
        }
    }

    private static String json(Object value) {
        if (value instanceof int[][]) {
            StringBuilder text = new StringBuilder("[");
            for (int[] row : (int[][]) value) {
                text.append(text.length() > 1 ? ", " : "").append(json(row));
            }
            return text.append("]").toString();
        }
        if (value instanceof int[]) {
            StringBuilder text = new StringBuilder("[");
            for (int v : (int[]) value) {
                text.append(text.length() > 1 ? ", " : "").append(v);
            }
            return text.append("]").toString();
        }
        return String.valueOf(value); // a Boolean, an Integer, or null
    }
}
