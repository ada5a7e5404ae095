import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Properties;
import java.util.TreeMap;

/** What `factory properties FILE --raw --format json` does, in a JVM: load, sort by key, print one JSON object. */
public class PropertiesToJson {
    public static void main(String[] args) throws Exception {
        Properties properties = new Properties();
        try (Reader reader = new InputStreamReader(Files.newInputStream(Paths.get(args[0])), StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        TreeMap<String, String> sorted = new TreeMap<>();
        for (String key : properties.stringPropertyNames()) sorted.put(key, properties.getProperty(key));
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
        out.write('{');
        boolean first = true;
        for (var entry : sorted.entrySet()) {
            if (!first) out.write(',');
            first = false;
            quote(entry.getKey(), out);
            out.write(':');
            quote(entry.getValue(), out);
        }
        out.write("}\n");
        out.flush();
    }

    private static void quote(String text, BufferedWriter out) throws Exception {
        out.write('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"': out.write("\\\""); break;
                case '\\': out.write("\\\\"); break;
                case '\n': out.write("\\n"); break;
                case '\r': out.write("\\r"); break;
                case '\t': out.write("\\t"); break;
                default:
                    if (c < 0x20 || c == 0x7F || c == 0x2028 || c == 0x2029 || c == 0xFEFF) out.write(String.format("\\u%04x", (int) c));
                    else out.write(c);
            }
        }
        out.write('"');
    }
}
