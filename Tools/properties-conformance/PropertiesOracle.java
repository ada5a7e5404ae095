import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Writes the JDK's answer for each .properties file in a directory: what
 * java.util.Properties.load(Reader) gives over a strict UTF-8 decoder.
 *
 * For F.properties it writes F.expected: either "ok" then one line per key,
 * "KEY\tVALUE" with each string as UTF-16 units in hex (so that lone
 * surrogates survive), sorted by key; or "error CLASS" when load throws.
 *
 * Usage: java PropertiesOracle.java DIR
 */
public class PropertiesOracle {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, "*.properties")) {
            stream.forEach(files::add);
        }
        for (Path file : files) {
            String name = file.getFileName().toString();
            Path expected = dir.resolve(name.substring(0, name.length() - ".properties".length()) + ".expected");
            Files.writeString(expected, answer(file), StandardCharsets.UTF_8);
        }
        System.out.println("wrote " + files.size() + " expected files");
    }

    static String answer(Path file) throws Exception {
        Properties properties = new Properties();
        var decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
        try (Reader reader = new InputStreamReader(Files.newInputStream(file), decoder)) {
            properties.load(reader);
        } catch (IllegalArgumentException | java.nio.charset.CharacterCodingException e) {
            return "error " + e.getClass().getName() + "\n";
        }
        TreeMap<String, String> sorted = new TreeMap<>();
        for (String key : properties.stringPropertyNames()) {
            sorted.put(key, properties.getProperty(key));
        }
        StringBuilder out = new StringBuilder("ok\n");
        sorted.forEach((key, value) -> out.append(hex(key)).append('\t').append(hex(value)).append('\n'));
        return out.toString();
    }

    static String hex(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            out.append(String.format("%04x", (int) text.charAt(i)));
        }
        return out.toString();
    }
}
