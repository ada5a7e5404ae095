import org.springframework.context.support.FileSystemXmlApplicationContext;
import org.springframework.context.support.PropertySourcesPlaceholderConfigurer;
import org.springframework.core.io.FileSystemResource;

/**
 * startup-benchmark's peer: a whole process that loads the app's beans with
 * Spring's FileSystemXmlApplicationContext, its ${...} values from the base
 * .properties file and the environment's overlay (the later file wins, as the
 * factory's overlay does), builds the eager singletons as refresh() does,
 * and prints the name of the first component asked for, node2 (which the production overlay names).
 *
 * Usage: java -cp SPRING_JARS:CLASSES SpringStartup spring.xml CONFIG_DIR ENVIRONMENT
 */
public class SpringStartup {
    public static final class Leaf {
        public final String name;
        public Leaf(String name) { this.name = name; }
    }
    public static final class Node {
        public final String name;
        public final Leaf leaf;
        public Node(String name, Leaf leaf) { this.name = name; this.leaf = leaf; }
    }

    public static void main(String[] args) {
        FileSystemXmlApplicationContext context = new FileSystemXmlApplicationContext(new String[] {"file:" + args[0]}, false);
        PropertySourcesPlaceholderConfigurer placeholders = new PropertySourcesPlaceholderConfigurer();
        placeholders.setLocations(new FileSystemResource(args[1] + "/app.properties"),
                                  new FileSystemResource(args[1] + "/app-" + args[2] + ".properties"));
        context.addBeanFactoryPostProcessor(placeholders);
        context.refresh();
        System.out.println(context.getBean("node2", Node.class).name);
        context.close();
    }
}
