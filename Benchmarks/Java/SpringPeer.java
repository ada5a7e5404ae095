import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.Arrays;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.xml.XmlBeanDefinitionReader;
import org.springframework.core.io.FileSystemResource;

/**
 * Spring Framework's bean factory as factory-benchmark's peer, kept running
 * beside it so that the two take turns, round by round, in one run: the same
 * 10-object prototype graph (Grove) and the same singleton key as the Swift
 * side, read from spring-grove.xml by Spring's own XML reader.
 *
 * Reads commands from standard input, one per line, and answers each with one line:
 *   "round N"  times N lookups of each kind (after the JIT has warmed up on the
 *              earlier rounds) and prints "grove_ns=… typed_ns=… any_ns=…",
 *              nanoseconds per lookup;
 *   "version"  prints Spring's version.
 * Ends at end of input.
 *
 * Usage: java -cp SPRING_JARS:CLASSES SpringPeer spring-grove.xml
 */
public class SpringPeer {
    public static final class Leaf {
        public final int value;
        public Leaf(int value) { this.value = value; }
    }
    public static final class Branch {
        public final Leaf left, right;
        public Branch(Leaf left, Leaf right) { this.left = left; this.right = right; }
    }
    public static final class Trunk {
        public final Branch first, second;
        public Trunk(Branch first, Branch second) { this.first = first; this.second = second; }
    }
    public static final class Tree {
        public final Trunk trunk;
        public final String label;
        public Tree(Trunk trunk, String label) { this.trunk = trunk; this.label = label; }
    }
    public static final class Grove {
        public final Tree tree;
        public final Leaf seedling;
        public Grove(Tree tree, Leaf seedling) { this.tree = tree; this.seedling = seedling; }
    }

    /**
     * Written by every lookup. Not volatile: a volatile store is a full fence
     * on x86 (a locked instruction), which would add its own cost to each
     * lookup; the JIT cannot drop a getBean call, whose work it cannot see through.
     */
    static Object sink;

    public static void main(String[] args) throws Exception {
        DefaultListableBeanFactory factory = new DefaultListableBeanFactory();
        new XmlBeanDefinitionReader(factory).loadBeanDefinitions(new FileSystemResource(args[0]));
        Grove probe = (Grove) factory.getBean("grove");
        if (probe.tree.trunk.second.right.value != 2 || probe.seedling.value != 3) throw new IllegalStateException("wrong graph");
        if (factory.getBean("singletonLeaf") != factory.getBean("singletonLeaf", Leaf.class)) throw new IllegalStateException("not a singleton");
        BufferedReader input = new BufferedReader(new InputStreamReader(System.in));
        for (String line; (line = input.readLine()) != null; ) {
            if (line.equals("version")) {
                System.out.println("spring=" + DefaultListableBeanFactory.class.getPackage().getImplementationVersion());
            } else if (line.startsWith("round ")) {
                int lookups = Integer.parseInt(line.substring(6).trim());
                long grove = time(lookups / 25, () -> sink = factory.getBean("grove"));
                long typed = time(lookups, () -> sink = factory.getBean("singletonLeaf", Leaf.class));
                long any = time(lookups, () -> sink = factory.getBean("singletonLeaf"));
                System.out.printf("grove_ns=%.1f typed_ns=%.1f any_ns=%.1f sink=%s%n",
                                  grove / (double) (lookups / 25), typed / (double) lookups, any / (double) lookups,
                                  sink == null ? "null" : "set");
            }
            System.out.flush();
        }
    }

    static long time(int iterations, Runnable body) {
        long start = System.nanoTime();
        for (int i = 0; i < iterations; i++) body.run();
        return System.nanoTime() - start;
    }
}
