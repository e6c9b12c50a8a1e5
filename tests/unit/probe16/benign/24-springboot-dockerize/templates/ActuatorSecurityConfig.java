package __PACKAGE__.config;

import org.springframework.boot.actuate.autoconfigure.security.servlet.EndpointRequest;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.info.InfoEndpoint;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;

/**
 * 容器环境下仅放行 health / info 端点。
 *
 * <p>K8s 的 liveness / readiness 探针不携带业务登录态，因此为这两个端点单独建立一条
 * 优先级更高的过滤链；其余 Actuator 端点（如 prometheus）与业务接口仍走项目原有的
 * 安全配置。
 */
@Configuration
@Profile("docker")
@ConditionalOnClass(SecurityFilterChain.class)
public class ActuatorSecurityConfig {

    @Bean
    @Order(0)
    SecurityFilterChain probeChain(HttpSecurity http) throws Exception {
        http.securityMatcher(EndpointRequest.to(HealthEndpoint.class, InfoEndpoint.class))
            .authorizeHttpRequests(auth -> auth.anyRequest().permitAll());
        return http.build();
    }
}
