import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Properties;

/**
 * Times java.util.Properties.load(Reader) over bytes already in memory, through
 * the same strict UTF-8 decoding that our reader does. Only the load is timed,
 * after a warm-up. Prints "median_ns=N best_ns=N keys=N".
 *
 * Usage: java PropertiesLoadBenchmark.java FILE WARMUPS RUNS
 */
public class PropertiesLoadBenchmark {
    public static void main(String[] args) throws Exception {
        byte[] bytes = Files.readAllBytes(Path.of(args[0]));
        int warmups = Integer.parseInt(args[1]);
        int runs = Integer.parseInt(args[2]);
        int keys = 0;
        for (int i = 0; i < warmups; i++) {
            keys = load(bytes).size();
        }
        long[] times = new long[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            keys = load(bytes).size();
            times[i] = System.nanoTime() - start;
        }
        Arrays.sort(times);
        System.out.println("median_ns=" + times[runs / 2] + " best_ns=" + times[0] + " keys=" + keys);
    }

    static Properties load(byte[] bytes) throws Exception {
        var decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
        Properties properties = new Properties();
        properties.load(new InputStreamReader(new ByteArrayInputStream(bytes), decoder));
        return properties;
    }
}
