import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Paths;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.xml.XmlBeanDefinitionReader;
import org.springframework.core.io.ByteArrayResource;

/**
 * Spring Framework's XML reader as assembly-benchmark's peer: the same
 * components, written as Spring beans, loaded from the same bytes in memory
 * into bean definitions, with validation off (no XSD), kept running beside
 * the benchmark so that the two take turns, round by round, in one run.
 *
 * Warms the JIT up with 10 loads first, then reads commands from standard
 * input, one per line, and answers each with one line:
 *   "round"    loads the bytes once into a new bean factory and prints
 *              "ms=… beans=N", the load's time and the definitions it made;
 *   "version"  prints Spring's version.
 * Ends at end of input.
 *
 * Usage: java -cp SPRING_JARS:CLASSES SpringAssemblyLoad beans.xml
 */
public class SpringAssemblyLoad {
    public static void main(String[] args) throws Exception {
        byte[] bytes = Files.readAllBytes(Paths.get(args[0]));
        for (int warmup = 0; warmup < 10; warmup++) load(bytes);
        BufferedReader input = new BufferedReader(new InputStreamReader(System.in));
        for (String line; (line = input.readLine()) != null; ) {
            if (line.equals("version")) {
                System.out.println("spring=" + DefaultListableBeanFactory.class.getPackage().getImplementationVersion());
            } else if (line.equals("round")) {
                long start = System.nanoTime();
                int beans = load(bytes);
                long elapsed = System.nanoTime() - start;
                System.out.printf("ms=%.3f beans=%d%n", elapsed / 1e6, beans);
            }
            System.out.flush();
        }
    }

    static int load(byte[] bytes) {
        DefaultListableBeanFactory factory = new DefaultListableBeanFactory();
        XmlBeanDefinitionReader reader = new XmlBeanDefinitionReader(factory);
        reader.setValidationMode(XmlBeanDefinitionReader.VALIDATION_NONE);
        reader.loadBeanDefinitions(new ByteArrayResource(bytes));
        return factory.getBeanDefinitionCount();
    }
}
